package io.github.lazymcp.benchmarks.soak.fleet;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class AppInstanceTests {

	@TempDir
	Path folder;

	@Test
	void aStartThatFailedOnItsPortIsSaidSoFromTheFailureAnalysis() {
		List<String> log = List.of("21:19:55.838 WARN  [main] o.s.b.w.s.s.c.Context - Exception encountered",
				"21:19:56.118 ERROR [main] o.s.b.d.LoggingFailureAnalysisReporter - ", "",
				"***************************", "APPLICATION FAILED TO START", "***************************", "",
				"Description:", "", "Web server failed to start. Port 40411 was already in use.", "", "Action:", "",
				"Identify and stop the process that's listening on port 40411.");

		assertThat(AppInstance.cause(log)).isEqualTo("Web server failed to start. Port 40411 was already in use.");
	}

	@Test
	void aStartThatFailedWithAnExceptionIsSaidByItsLastCause() {
		List<String> log = List.of("ERROR [main] o.s.boot.SpringApplication - Application run failed",
				"java.lang.IllegalStateException: context", "Caused by: java.net.ConnectException: refused",
				"Caused by: java.io.IOException: closed");

		assertThat(AppInstance.cause(log)).isEqualTo("Caused by: java.io.IOException: closed");
		assertThat(AppInstance.cause(List.of("INFO started"))).isNull();
	}

	@Test
	void aStoppedInstanceMovesToAnotherPortForItsNextStart() {
		AppInstance instance = new AppInstance("a", 40411, this.folder, HttpClient.newHttpClient());

		instance.movePort(40412);

		assertThat(instance.uri("/chat/1").getPort()).isEqualTo(40412);
	}

}
