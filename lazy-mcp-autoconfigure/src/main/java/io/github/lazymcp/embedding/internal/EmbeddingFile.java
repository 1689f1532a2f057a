package io.github.lazymcp.embedding.internal;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Predicate;
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
 * a partial tail. Every read streams the file, keeping only the vectors asked for (the
 * file, not the heap, holds the catalog's vectors); it stops at the first record that is
 * short or fails its CRC, logs what it drops and truncates the file there, so later
 * appends follow good data. A header naming another model id (or unreadable) makes the
 * whole file untrustworthy: it is started afresh rather than mixing vectors of two models.
 * A key may appear twice (two threads or processes that missed the same text at once);
 * both records hold the same vector, and the first is read.
 *
 * Appends and reads of one path are serialised by a lock shared by all instances in the
 * JVM, and by an OS file lock against other processes.
 */
final class EmbeddingFile {

	private static final Log logger = LogFactory.getLog(EmbeddingFile.class);

	private static final int MAGIC = 0x4C5A4556; // "LZEV"

	private static final int VERSION = 1;

	private static final int KEY_BYTES = 32;

	private static final int MAX_DIMENSIONS = 1 << 16;

	private static final int BUFFER_BYTES = 1 << 16;

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
	 * The vectors of some keys, read from the file, which is repaired as described above.
	 * @param wanted the keys whose vectors to return
	 * @return the vectors found, by key; a fresh array each
	 * @throws UncheckedIOException if the file cannot be read or repaired
	 */
	Map<CacheKey, float[]> find(Set<CacheKey> wanted) {
		Map<CacheKey, float[]> found = new HashMap<>();
		read((key) -> wanted.contains(key) && !found.containsKey(key), found);
		return found;
	}

	/**
	 * Reads the whole file, keeping nothing, to repair it as described above.
	 * @throws UncheckedIOException if the file cannot be read or repaired
	 */
	void repair() {
		read((key) -> false, Map.of());
	}

	/**
	 * The keys of every good record, the file repaired as described above.
	 * @return the distinct keys
	 * @throws UncheckedIOException if the file cannot be read or repaired
	 */
	Set<CacheKey> keys() {
		Set<CacheKey> keys = new HashSet<>();
		read((key) -> {
			keys.add(key);
			return false;
		}, new HashMap<>());
		return keys;
	}

	/**
	 * Streams the good records, repairing the file.
	 * @param keep told each record's key; true to decode its vector into {@code into}
	 * @param into where kept vectors go
	 */
	private void read(Predicate<CacheKey> keep, Map<CacheKey, float[]> into) {
		synchronized (this.lock) {
			try (FileChannel channel = FileChannel.open(this.path, StandardOpenOption.CREATE, StandardOpenOption.READ,
					StandardOpenOption.WRITE); FileLock fileLock = channel.lock()) {
				long size = channel.size();
				// Not closed: closing it would close the channel before its lock is
				// released.
				DataInputStream in = new DataInputStream(
						new BufferedInputStream(Channels.newInputStream(channel), BUFFER_BYTES));
				if (!readHeader(in, size)) {
					channel.truncate(0);
					return;
				}
				long good = readRecords(in, this.header.length, keep, into);
				if (good < size) {
					logger.warn("Dropping " + (size - good) + " damaged bytes at offset " + good + " of " + this.path);
					channel.truncate(good);
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot read embeddings from " + this.path, ex);
			}
		}
	}

	private boolean readHeader(DataInputStream in, long size) throws IOException {
		if (size == 0) {
			return false;
		}
		byte[] actual = new byte[this.header.length];
		try {
			in.readFully(actual);
		}
		catch (EOFException ex) {
			// cut inside the header: as untrustworthy as a wrong one
		}
		if (!Arrays.equals(actual, this.header)) {
			logger.warn("Discarding " + this.path + ": it does not start with the header of model " + this.modelId);
			return false;
		}
		return true;
	}

	/**
	 * Reads records until the end or the first bad one.
	 * @return the offset after the last good record
	 */
	private static long readRecords(DataInputStream in, long start, Predicate<CacheKey> keep,
			Map<CacheKey, float[]> into) throws IOException {
		long good = start;
		byte[] head = new byte[KEY_BYTES + Integer.BYTES];
		CRC32 crc = new CRC32();
		while (true) {
			try {
				in.readFully(head);
				int n = ByteBuffer.wrap(head, KEY_BYTES, Integer.BYTES).getInt();
				if (n <= 0 || n > MAX_DIMENSIONS) {
					return good;
				}
				byte[] body = new byte[n * Float.BYTES + Integer.BYTES];
				in.readFully(body);
				crc.reset();
				crc.update(head);
				crc.update(body, 0, n * Float.BYTES);
				if (ByteBuffer.wrap(body, n * Float.BYTES, Integer.BYTES).getInt() != (int) crc.getValue()) {
					return good;
				}
				CacheKey key = new CacheKey(Arrays.copyOf(head, KEY_BYTES));
				if (keep.test(key)) {
					float[] vector = new float[n];
					ByteBuffer.wrap(body, 0, n * Float.BYTES).asFloatBuffer().get(vector);
					into.put(key, vector);
				}
				good += head.length + body.length;
			}
			catch (EOFException ex) {
				return good;
			}
		}
	}

	/**
	 * Appends records; a failure is logged, not thrown, since the vectors are simply
	 * computed again when next asked for.
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
