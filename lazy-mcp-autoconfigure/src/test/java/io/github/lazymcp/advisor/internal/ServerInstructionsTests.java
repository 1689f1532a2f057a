package io.github.lazymcp.advisor.internal;

import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.LazyToolsFixture;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server's instructions reach the model while one of its tools is active, and only
 * then, each within its budget, appended in activation order so that earlier text does
 * not move.
 */
class ServerInstructionsTests {

	private final TokenCounter tokens = new TokenCounter();

	private final LazyToolsFixture fixture = new LazyToolsFixture(4, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("kg", "create_entities", "read_graph").instructing("Create entities before relations."),
			new FakeConnection("fs", "read_file").instructing("Paths are relative to the workspace."),
			new FakeConnection("quiet", "think"));

	private final SystemGuidance guidance = new SystemGuidance("{deferred} tools on {servers}.",
			new ServerInstructions(100, this.tokens));

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void theCatalogKeepsWhatEachServerSaidAtInitialization() {
		assertThat(this.fixture.catalog.snapshot().servers()).extracting(CatalogSnapshot.ServerState::instructions)
			.containsExactly("Paths are relative to the workspace.", "Create entities before relations.", null);
	}

	@Test
	void noInstructionsWhileNoneOfTheServersToolsIsActive() {
		assertThat(render()).isEqualTo("4 tools on fs, kg, quiet.");
	}

	@Test
	void aServersInstructionsFollowTheParagraphWhileOneOfItsToolsIsActive() {
		this.session.activate(List.of("kg__read_graph"));

		assertThat(render()).isEqualTo("4 tools on fs, kg, quiet.\n\n"
				+ "Instructions from MCP server 'kg' for its tools:\nCreate entities before relations.");
	}

	@Test
	void aLaterServersInstructionsAreAppendedSoEarlierTextDoesNotMove() {
		this.session.activate(List.of("kg__read_graph"));
		String first = render();
		this.session.activate(List.of("quiet__think"));
		String quiet = render();
		this.session.activate(List.of("fs__read_file"));
		String second = render();
		this.session.activate(List.of("kg__create_entities"));

		assertThat(quiet).isEqualTo(first);
		assertThat(second).startsWith(first)
			.endsWith("\n\nInstructions from MCP server 'fs' for its tools:\nPaths are relative to the workspace.");
		assertThat(render()).isEqualTo(second);
	}

	@Test
	void aServersInstructionsLeaveWithItsLastActiveTool() {
		this.session.activate(List.of("kg__read_graph", "fs__read_file"));
		this.session.retainOnly((name) -> !name.startsWith("kg__"));

		assertThat(render()).doesNotContain("Create entities").contains("Paths are relative");
	}

	@Test
	void instructionsLongerThanTheBudgetAreCutAtAWord() {
		ServerInstructions instructions = new ServerInstructions(20, this.tokens);
		String text = "Use the tools in this order: first list the projects, then open one, then read its issues, "
				+ "and never delete anything without asking the user twice in plain words.";

		String cut = instructions.cut("kg", text);

		assertThat(this.tokens.count(cut)).isLessThanOrEqualTo(20);
		assertThat(cut).startsWith("Use the tools in this order:").endsWith(ServerInstructions.CUT);
		assertThat(text).startsWith(cut.substring(0, cut.length() - ServerInstructions.CUT.length()));
		assertThat(instructions.cut("kg", "Short.")).isEqualTo("Short.");
	}

	@Test
	void theGuidanceWithInstructionsIsSplicedAfterTheApplicationsSystemText() {
		this.session.activate(List.of("fs__read_file"));
		Prompt prompt = new Prompt(List.of(new SystemMessage("Be brief."), new UserMessage("hi")));

		Prompt spliced = this.guidance.splice(prompt, this.fixture.catalog.snapshot(), this.session.tools().names(),
				null);

		assertThat(spliced.getSystemMessage().getText()).isEqualTo("Be brief.\n\n4 tools on fs, kg, quiet.\n\n"
				+ "Instructions from MCP server 'fs' for its tools:\nPaths are relative to the workspace.");
	}

	@Test
	void withoutInstructionsTheGuidanceIsTheParagraphAlone() {
		this.session.activate(List.of("fs__read_file"));

		assertThat(new SystemGuidance("{deferred} tools.").render(this.fixture.catalog.snapshot(),
				this.session.tools().names(), null))
			.isEqualTo("4 tools.");
	}

	private String render() {
		return this.guidance.render(this.fixture.catalog.snapshot(), this.session.tools().names(), null);
	}

}
