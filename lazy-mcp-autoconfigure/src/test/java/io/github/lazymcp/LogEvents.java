package io.github.lazymcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

/**
 * The log events of some loggers while a test runs, whatever level earlier tests of the
 * JVM left them at: each logger is set to DEBUG while captured and set back on close. An
 * event reads as an appender would print it: its message and, when it has one, its
 * exception in full, every cause's type, message and stack.
 */
public final class LogEvents implements AutoCloseable {

	private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

	private final Map<Logger, Level> levels = new LinkedHashMap<>();

	private LogEvents(List<String> names) {
		this.appender.start();
		for (String name : names) {
			Logger logger = (Logger) LoggerFactory.getLogger(name);
			this.levels.put(logger, logger.getLevel());
			logger.setLevel(Level.DEBUG);
			logger.addAppender(this.appender);
		}
	}

	/**
	 * Captures the events of the loggers named after some classes, as lazy-mcp names
	 * them.
	 * @param classes the classes
	 * @return the capture, to be closed
	 */
	public static LogEvents of(Class<?>... classes) {
		List<String> names = new ArrayList<>();
		for (Class<?> type : classes) {
			names.add(type.getName());
		}
		return new LogEvents(names);
	}

	/**
	 * Captures the events of the loggers of some packages and everything below them.
	 * @param packages the packages' names
	 * @return the capture, to be closed
	 */
	public static LogEvents ofPackages(String... packages) {
		return new LogEvents(List.of(packages));
	}

	/**
	 * Captures the events of every lazy-mcp logger.
	 * @return the capture, to be closed
	 */
	public static LogEvents ofLazyMcp() {
		return new LogEvents(List.of("io.github.lazymcp"));
	}

	/**
	 * The events at a level or above, each as printed.
	 * @param level the lowest level
	 * @return the events, in order
	 */
	public List<String> atOrAbove(Level level) {
		return events(true, level);
	}

	/**
	 * The events below a level, each as printed.
	 * @param level the level
	 * @return the events, in order
	 */
	public List<String> below(Level level) {
		return events(false, level);
	}

	private List<String> events(boolean atOrAbove, Level level) {
		List<ILoggingEvent> logged;
		// The appender appends under its own monitor, from any thread.
		synchronized (this.appender) {
			logged = new ArrayList<>(this.appender.list);
		}
		List<String> events = new ArrayList<>();
		for (ILoggingEvent event : logged) {
			if (event.getLevel().isGreaterOrEqual(level) == atOrAbove) {
				events.add(printed(event));
			}
		}
		return events;
	}

	private static String printed(ILoggingEvent event) {
		String line = event.getLevel() + " " + event.getLoggerName() + " - " + event.getFormattedMessage();
		return (event.getThrowableProxy() != null)
				? line + System.lineSeparator() + ThrowableProxyUtil.asString(event.getThrowableProxy()) : line;
	}

	@Override
	public void close() {
		this.levels.forEach((logger, level) -> {
			logger.detachAppender(this.appender);
			logger.setLevel(level);
		});
		this.appender.stop();
	}

}
