package io.github.lazymcp.embedding.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.zip.CRC32;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/*
 * One append-only file per model id. Big-endian layout:
 *
 *   header  int MAGIC, int VERSION, modelId as DataOutput.writeUTF
 *   record  32-byte key, int n, n floats, int CRC-32 of the record's preceding bytes
 *
 * The records of one call are appended with a single write, so a crash leaves at worst
 * a partial tail. Loading keeps every record up to the first that is short or fails its CRC,
 * logs what it drops and truncates the file there, so later appends follow good data.
 * A header naming another model id (or unreadable) makes the whole file untrustworthy:
 * it is started afresh rather than mixing vectors of two models.
 *
 * Appends and loads of one path are serialised by a lock shared by all instances in the
 * JVM, and by an OS file lock against other processes.
 */
final class EmbeddingFile {

	private static final Log logger = LogFactory.getLog(EmbeddingFile.class);

	private static final int MAGIC = 0x4C5A4556; // "LZEV"

	private static final int VERSION = 1;

	private static final int KEY_BYTES = 32;

	private static final int MAX_DIMENSIONS = 1 << 16;

	private static final ConcurrentMap<Path, Object> LOCKS = new ConcurrentHashMap<>();

	private final Path path;

	private final String modelId;

	private final Object lock;

	private final byte[] header;

	EmbeddingFile(Path path, String modelId) {
		this.path = path.toAbsolutePath().normalize();
		this.modelId = modelId;
		this.lock = LOCKS.computeIfAbsent(this.path, (key) -> new Object());
		this.header = header(modelId);
	}

	private static byte[] header(String modelId) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeInt(MAGIC);
			out.writeInt(VERSION);
			out.writeUTF(modelId);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	Path path() {
		return this.path;
	}

	/**
	 * Reads every good record, repairing the file as described above.
	 * @return the vectors by key
	 * @throws UncheckedIOException if the file exists but cannot be read or repaired
	 */
	Map<CacheKey, float[]> load() {
		synchronized (this.lock) {
			try (FileChannel channel = FileChannel.open(this.path, StandardOpenOption.CREATE, StandardOpenOption.READ,
					StandardOpenOption.WRITE); FileLock fileLock = channel.lock()) {
				ByteBuffer content = ByteBuffer.wrap(Files.readAllBytes(this.path));
				Map<CacheKey, float[]> vectors = new HashMap<>();
				if (!readHeader(content)) {
					channel.truncate(0);
					return vectors;
				}
				int good = readRecords(content, vectors);
				if (good < content.limit()) {
					logger.warn("Dropping " + (content.limit() - good) + " damaged bytes at offset " + good + " of "
							+ this.path + " after " + vectors.size() + " good embeddings");
					channel.truncate(good);
				}
				return vectors;
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot read embeddings from " + this.path, ex);
			}
		}
	}

	private boolean readHeader(ByteBuffer content) {
		if (content.limit() == 0) {
			return false;
		}
		byte[] actual = new byte[Math.min(this.header.length, content.limit())];
		content.get(actual);
		if (!Arrays.equals(actual, this.header)) {
			logger.warn("Discarding " + this.path + ": it does not start with the header of model " + this.modelId);
			return false;
		}
		return true;
	}

	private static int readRecords(ByteBuffer content, Map<CacheKey, float[]> vectors) {
		int good = content.position();
		while (content.hasRemaining()) {
			try {
				byte[] key = new byte[KEY_BYTES];
				content.get(key);
				int n = content.getInt();
				if (n <= 0 || n > MAX_DIMENSIONS || content.remaining() < n * Float.BYTES + Integer.BYTES) {
					return good;
				}
				float[] vector = new float[n];
				content.asFloatBuffer().get(vector);
				content.position(content.position() + n * Float.BYTES);
				if (content.getInt() != crc(content.array(), good, content.position() - Integer.BYTES)) {
					return good;
				}
				vectors.put(new CacheKey(key), vector);
				good = content.position();
			}
			catch (BufferUnderflowException ex) {
				return good;
			}
		}
		return good;
	}

	/**
	 * Appends records; a failure is logged, not thrown, since the vectors stay usable in
	 * memory and are simply computed again after a restart.
	 * @param vectors the vectors to persist by key
	 */
	void append(Map<CacheKey, float[]> vectors) {
		if (vectors.isEmpty()) {
			return;
		}
		synchronized (this.lock) {
			try (FileChannel channel = FileChannel.open(this.path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
					StandardOpenOption.APPEND); FileLock fileLock = channel.lock()) {
				ByteBuffer bytes = encode(vectors, channel.size() == 0);
				while (bytes.hasRemaining()) {
					channel.write(bytes);
				}
			}
			catch (IOException ex) {
				logger.warn("Cannot persist " + vectors.size() + " embeddings to " + this.path, ex);
			}
		}
	}

	private ByteBuffer encode(Map<CacheKey, float[]> vectors, boolean withHeader) {
		int size = withHeader ? this.header.length : 0;
		for (float[] vector : vectors.values()) {
			size += KEY_BYTES + Integer.BYTES + vector.length * Float.BYTES + Integer.BYTES;
		}
		ByteBuffer bytes = ByteBuffer.allocate(size);
		if (withHeader) {
			bytes.put(this.header);
		}
		for (Map.Entry<CacheKey, float[]> entry : vectors.entrySet()) {
			int start = bytes.position();
			bytes.put(entry.getKey().bytes());
			bytes.putInt(entry.getValue().length);
			bytes.asFloatBuffer().put(entry.getValue());
			bytes.position(bytes.position() + entry.getValue().length * Float.BYTES);
			bytes.putInt(crc(bytes.array(), start, bytes.position()));
		}
		return bytes.flip();
	}

	/** The CRC-32 of a record's bytes from {@code start} (its key) to {@code end}. */
	private static int crc(byte[] bytes, int start, int end) {
		CRC32 crc = new CRC32();
		crc.update(bytes, start, end - start);
		return (int) crc.getValue();
	}

}
