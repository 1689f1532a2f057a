package io.github.lazymcp.benchmarks.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Small datasets written by the tests themselves, in the evaluation-file and
 * captured-catalog formats.
 */
public final class TinyData {

	static final String EVAL = """
			{"name": "tiny-dev", "source": "written by the test",
			 "servers": [
			  {"name": "files", "tools": [
			    {"name": "read_file", "description": "Read the complete contents of a file from disk.",
			     "inputSchema": {"type": "object", "properties": {"path": {"type": "string", "description": "Path of the file"}}}},
			    {"name": "write_file", "description": "Create a new file or overwrite an existing file with new content.",
			     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}]},
			  {"name": "mail", "tools": [
			    {"name": "send_email", "description": "Send an email message to a recipient.",
			     "inputSchema": {"type": "object", "properties": {"to": {"type": "string", "description": "Recipient address"}}}}]},
			  {"name": "desk", "tools": [
			    {"name": "write_file", "description": "Write text into a file on the desktop.", "inputSchema": {"type": "object"}}]},
			  {"name": "weather", "tools": [
			    {"name": "forecast", "description": "Weather forecast for a city.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "q1", "text": "read the contents of a file", "gold": ["files/read_file"]},
			  {"id": "q2", "text": "send an email to my boss", "gold": ["mail/send_email"]},
			  {"id": "q3", "text": "save a report to a file then email it",
			   "gold": ["files/write_file", "desk/write_file", "mail/send_email"]}],
			 "negatives": [
			  {"id": "n1", "text": "zzz qqq"},
			  {"id": "n2", "text": "forecast for Paris"}]}
			""";

	private TinyData() {
	}

	/**
	 * Two capability files and an intents file for {@code route}: three positives and two
	 * negatives, one of them a near miss.
	 * @param folder where to write them
	 * @return the intents file; the capabilities are in {@code capabilities} beside it
	 * @throws IOException if a file cannot be written
	 */
	public static Path routing(Path folder) throws IOException {
		Path capabilities = Files.createDirectories(folder.resolve("capabilities"));
		Files.writeString(capabilities.resolve("weather.toml"), """
				name = "weather"
				description = "Weather forecasts and current conditions for any city"
				triggers = ["what's the weather in Paris tomorrow", "will it rain this afternoon",
				  "how cold is it in Oslo right now", "give me the forecast for the weekend"]

				[[mcp.servers]]
				name = "weather"
				command = "weather-mcp"
				""");
		Files.writeString(capabilities.resolve("mail.toml"), """
				name = "mail"
				description = "Read, search and send email"
				triggers = ["send an email to Anna", "did I get any mail from the bank",
				  "reply to the last message from my boss", "search my inbox for the invoice"]

				[[mcp.servers]]
				name = "mail"
				command = "mail-mcp"
				""");
		return Files.writeString(folder.resolve("tiny-intents.json"), """
				{"positives": [
				  {"text": "is it going to snow in Berlin on Friday", "capability": "weather"},
				  {"text": "email the report to Tom", "capability": "mail"},
				  {"text": "find the message my landlord sent last week", "capability": "mail"}],
				 "negatives": [
				  {"text": "tell me a joke about cats"},
				  {"text": "what is the capital of Australia"}]}
				""");
	}

	public static Path evalFile(Path folder, String fileName) throws IOException {
		return Files.writeString(folder.resolve(fileName), EVAL);
	}

	public static Path catalogs(Path folder) throws IOException {
		Path catalogs = Files.createDirectories(folder.resolve("catalogs"));
		Files.writeString(catalogs.resolve("notes.json"),
				"""
						{"id": "notes", "package": "test", "tools": [
						  {"name": "create_note", "title": "Create", "description": "Create a note. It is saved at once.",
						   "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "$schema": "http://json-schema.org/draft-07/schema#"},
						   "annotations": {"readOnlyHint": false}},
						  {"name": "list_notes", "inputSchema": {"type": "object"}}]}
						""");
		Files.writeString(catalogs.resolve("files.json"),
				"""
						{"id": "files", "tools": [
						  {"name": "read_file", "description": "Read a file.\\nSecond line.", "inputSchema": {"type": "object"}}]}
						""");
		Files.createDirectories(catalogs.resolve("_results"));
		Files.writeString(catalogs.resolve("_results/tokens.json"), "[]");
		return catalogs;
	}

}
