package io.github.lazymcp.tool;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class UserTurnTests {

	@Test
	void theRequestIsTheMessageWithoutPastedBlocks() {
		assertThat(UserTurn.first("summarise this\n```\nint x = 1;\n```").request()).isEqualTo("summarise this");
	}

	@Test
	void aRequestTypedAsOneLongLineKeepsItsBeginning() {
		String typed = "Please find the latest papers about tool retrieval and " + "summarise them ".repeat(30);

		assertThat(UserTurn.first(typed).request()).startsWith("Please find the latest papers about tool retrieval")
			.hasSizeLessThanOrEqualTo(PastedText.MAX_LINE);
	}

	@Test
	void aMessageThatIsOnlyAFencedPasteAsksForNothing() {
		assertThat(UserTurn.first("```\n" + "x".repeat(400) + "\n```").request()).isEmpty();
	}

	@Test
	void aTurnNumberBelowOneIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new UserTurn("hi", 0, java.util.Set.of()))
			.withMessageContaining("at least 1");
	}

}
