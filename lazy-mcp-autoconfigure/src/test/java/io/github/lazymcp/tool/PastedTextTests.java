package io.github.lazymcp.tool;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PastedTextTests {

	@Test
	void removesFencedCodeBlocks() {
		assertThat(PastedText.strip("why does this fail?\n```java\nint x = 1;\n```\nthanks"))
			.isEqualTo("why does this fail? thanks");
	}

	@Test
	void removesAnUnclosedFenceToTheEnd() {
		assertThat(PastedText.strip("look at this\n~~~\nstuff that goes on")).isEqualTo("look at this");
	}

	@Test
	void removesXmlLikeElementsIncludingNestedOnes() {
		assertThat(PastedText.strip("summarise <doc id=\"1\"><p>long text</p> more</doc> briefly"))
			.isEqualTo("summarise briefly");
	}

	@Test
	void keepsALoneAngleBracketWordBecauseItMayBeProse() {
		assertThat(PastedText.strip("is a <b> tag bold?")).isEqualTo("is a <b> tag bold?");
	}

	@Test
	void removesLogAndStackTraceLines() {
		String message = """
				the app crashes on start
				2024-05-01 12:00:01.123 ERROR 4242 --- [main] o.s.b.SpringApplication : Application run failed
				java.lang.IllegalStateException: boom
					at com.example.App.main(App.java:12)
				Caused by: java.io.IOException: nope
					... 3 more
				[WARN] something
				what should I check?""";

		assertThat(PastedText.strip(message))
			.isEqualTo("the app crashes on start java.lang.IllegalStateException: boom what should I check?");
	}

	@Test
	void removesLinesTooLongToBeTyped() {
		assertThat(PastedText.strip("fix this\n" + "x".repeat(PastedText.MAX_LINE + 1))).isEqualTo("fix this");
	}

}
