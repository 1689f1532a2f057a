package io.github.lazymcp.proactive.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.proactive.internal.ProactiveAttach.Attachment;
import io.github.lazymcp.proactive.internal.ProactiveAttach.Outcome;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.UserTurn;
import io.github.lazymcp.tool.internal.LazyToolsFixture;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proactive attach over a real registry (BM25 over in-memory servers): what it picks, and
 * what it never evicts.
 */
class ProactiveAttachTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(4, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file", "list_directory", "delete_file"),
			new FakeConnection("memory", "create_entities", "search_nodes", "delete_entities"),
			new FakeConnection("mail", "send_email", "read_inbox"));

	private final ToolSession session = this.fixture.sessions.session("s");

	private final List<Observation.Context> observed = new CopyOnWriteArrayList<>();

	private final List<String> ranked = new ArrayList<>();

	@Test
	void attachesTheBestMatchesOfTheUsersRequest() {
		Attachment attachment = attach(settings(2), turn(1, "please send an email to Bob, then check my inbox"));

		assertThat(attachment.outcome()).isEqualTo(Outcome.ATTACHED);
		assertThat(attachment.attached()).containsExactlyInAnyOrder("mail__send_email", "mail__read_inbox");
		assertThat(this.session.tools().names()).isEqualTo(attachment.attached()).hasSize(2);
		assertThat(this.session.tools().tentative("mail__send_email")).isTrue();
	}

	@Test
	void neverAttachesMoreThanK() {
		Attachment attachment = attach(settings(1), turn(1, "read file, write file, delete file, list directory"));

		assertThat(attachment.attached()).hasSize(1);
		assertThat(this.session.tools().size()).isEqualTo(1);
	}

	@Test
	void attachesNothingWhenTheRankingAbstains() {
		Attachment attachment = attach(settings(3), turn(1, "zebra quantum lullaby"));

		assertThat(attachment.outcome()).isEqualTo(Outcome.ABSTAINED);
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void neverEvictsAToolTheModelFoundOrUsed() {
		this.session.activate(
				List.of("memory__create_entities", "memory__search_nodes", "fs__list_directory", "fs__delete_file"));
		this.session.touch("fs__list_directory");

		Attachment attachment = attach(settings(2), turn(1, "send an email"));

		assertThat(attachment.outcome()).isEqualTo(Outcome.NO_ROOM);
		assertThat(this.session.tools().names()).containsExactly("memory__create_entities", "memory__search_nodes",
				"fs__list_directory", "fs__delete_file");
	}

	@Test
	void fillsOnlyTheFreeRoomUnderTheCap() {
		this.session.activate(List.of("memory__create_entities", "memory__search_nodes", "fs__list_directory"));

		Attachment attachment = attach(settings(3), turn(1, "send an email or read the inbox"));

		assertThat(attachment.attached()).hasSize(1);
		assertThat(this.session.tools().names()).hasSize(4)
			.startsWith("memory__create_entities", "memory__search_nodes", "fs__list_directory");
	}

	@Test
	void replacesItsOwnEarlierPicksThatWereNeverCalled() {
		this.session.activate(List.of("memory__create_entities", "memory__search_nodes"));
		attach(settings(2), turn(1, "send email, read inbox"));

		Attachment later = attach(settings(2), turn(2, "delete file and list directory"));

		assertThat(later.attached()).containsExactlyInAnyOrder("fs__delete_file", "fs__list_directory");
		assertThat(later.replaced()).containsExactlyInAnyOrder("mail__send_email", "mail__read_inbox");
		assertThat(this.session.tools().names()).startsWith("memory__create_entities", "memory__search_nodes");
	}

	@Test
	void aPickThatWasCalledIsNoLongerItsToReplace() {
		this.session.activate(List.of("memory__create_entities", "memory__search_nodes"));
		attach(settings(2), turn(1, "send email, read inbox"));
		this.session.touch("mail__send_email");

		Attachment later = attach(settings(2), turn(2, "delete file and list directory"));

		assertThat(later.replaced()).containsExactly("mail__read_inbox");
		assertThat(this.session.tools().names()).contains("mail__send_email").hasSize(4);
	}

	@Test
	void toolsCalledInTheRecentHistoryAreNeverReplaced() {
		this.session.activate(List.of("memory__create_entities", "memory__search_nodes"));
		attach(settings(2), turn(1, "send email, read inbox"));

		Attachment later = attach(settings(2),
				new UserTurn("delete file and list directory", 2, Set.of("mail__send_email", "mail__read_inbox")));

		assertThat(later.outcome()).isEqualTo(Outcome.NO_ROOM);
		assertThat(this.session.tools().names()).contains("mail__send_email", "mail__read_inbox");
	}

	@Test
	void reRanksOnlyWithinTheWindowAndOnlyAdds() {
		ProactiveSettings settings = new ProactiveSettings(true, 1, 2);
		attach(settings, turn(1, "send an email"));
		attach(settings, turn(2, "delete a file"));

		Attachment third = attach(settings, turn(3, "search nodes in memory"));

		assertThat(third.outcome()).isEqualTo(Outcome.OUTSIDE_WINDOW);
		assertThat(this.session.tools().names()).containsExactly("mail__send_email", "fs__delete_file");
		assertThat(this.ranked).hasSize(2);
	}

	@Test
	void theKillSwitchAttachesNothingAndRanksNothing() {
		Attachment attachment = attach(settings(3).withEnabled(false), turn(1, "send an email"));

		assertThat(attachment.outcome()).isEqualTo(Outcome.DISABLED);
		assertThat(this.session.tools().size()).isZero();
		assertThat(this.ranked).isEmpty();
		assertThat(this.observed).isEmpty();
	}

	@Test
	void ranksTheRequestWithoutPastedBlocks() {
		attach(settings(1), turn(1, "send this as an email\n```\nrm -rf delete_file list_directory\n```"));

		assertThat(this.ranked).containsExactly("send this as an email");
		assertThat(this.session.tools().names()).containsExactly("mail__send_email");
	}

	@Test
	void aRequestThatIsAllPasteAttachesNothing() {
		Attachment attachment = attach(settings(1), turn(1, "```\nsend email\n```"));

		assertThat(attachment.outcome()).isEqualTo(Outcome.ABSTAINED);
		assertThat(this.ranked).isEmpty();
	}

	@Test
	void neverRanksMoreThanTheCap() {
		attach(new ProactiveSettings(true, 20, 7), turn(1, "file email memory"));

		assertThat(this.session.tools().size()).isLessThanOrEqualTo(this.session.cap());
	}

	@Test
	void eachAttachIsObservedWithItsOutcomeAndCountAndNoUserText() {
		attach(settings(2), turn(1, "send my secret diary by email, then read the inbox"));
		attach(settings(2), turn(2, "zebra quantum lullaby"));

		assertThat(this.observed).extracting(Observation.Context::getName)
			.containsOnly(ProactiveAttach.OBSERVATION)
			.hasSize(2);
		assertThat(this.observed).extracting((context) -> context.getLowCardinalityKeyValue("outcome").getValue())
			.containsExactly("attached", "abstained");
		assertThat(this.observed).extracting((context) -> context.getLowCardinalityKeyValue("attached").getValue())
			.containsExactly("2", "0");
		assertThat(this.observed).allSatisfy((context) -> {
			assertThat(context.getLowCardinalityKeyValues().toString()).doesNotContain("diary");
			assertThat(context.getHighCardinalityKeyValues().toString()).doesNotContain("diary");
		});
	}

	private Attachment attach(ProactiveSettings settings, UserTurn turn) {
		ProactiveAttach attach = new ProactiveAttach(settings, (session, state, text, limit) -> {
			this.ranked.add(text);
			return this.fixture.registry.rank(session, text, limit);
		}, observations());
		return attach.attach(this.session, this.session.state(), turn);
	}

	private ObservationRegistry observations() {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler(new ObservationHandler<Observation.Context>() {

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

			@Override
			public void onStop(Observation.Context context) {
				ProactiveAttachTests.this.observed.add(context);
			}

		});
		return registry;
	}

	private static ProactiveSettings settings(int k) {
		return ProactiveSettings.DEFAULTS.withK(k);
	}

	private static UserTurn turn(int number, String text) {
		return new UserTurn(text, number, Set.of());
	}

}
