package io.github.lazymcp.capability.internal.routing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GeneralRequestsTests {

	@Test
	void theBundledFileHoldsAHundredDistinctRequestsAndNoComments() {
		List<String> bundled = GeneralRequests.bundled();

		assertThat(bundled).hasSize(100).doesNotHaveDuplicates().allSatisfy((request) -> {
			assertThat(request).isNotBlank().doesNotStartWith("#").isEqualTo(request.strip());
		});
	}

	@Test
	void anApplicationsOwnRequestsComeAfterTheBundledOnesWithoutBlanks() {
		List<String> all = GeneralRequests.bundledAnd(List.of("  what are your opening hours? ", " ", ""));

		assertThat(all).hasSize(101).endsWith("what are your opening hours?");
	}

	@Test
	void readsOneRequestPerLineAndSkipsCommentsAndBlankLines() {
		assertThat(GeneralRequests.parse("# about\n\n tell me a joke \n#x\nhi\n")).containsExactly("tell me a joke",
				"hi");
	}

}
