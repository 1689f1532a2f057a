package io.github.lazymcp.embedding.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

import io.github.lazymcp.logging.internal.Failures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/*
 * A row per vector: the id is the hex SHA-256 of the model id and the text (CacheKey), so
 * the table never holds a text, and vectors of two models never meet. Reads ask for the
 * ids a cache misses, in chunks; writes insert in one batch and, when another instance
 * wrote some of the same ids meanwhile, go row by row skipping those. A database that
 * cannot be reached costs nothing but the sharing: the caller embeds and keeps the vectors
 * in memory, and one WARN per outage says so.
 */

/**
 * Vectors of catalog texts kept in the application's database, where every instance of
 * the application finds the vectors the others embedded. Holds no user text. Thread-safe.
 */
public final class SharedEmbeddings {

	/** The table's name. */
	public static final String TABLE = "lazy_mcp_embedding";

	/**
	 * Where the schema files are, with {@code @@platform@@} for the database's name
	 * (postgresql, h2, mysql, mariadb).
	 */
	public static final String JDBC_SCHEMA = "classpath:io/github/lazymcp/embedding/schema-@@platform@@.sql";

	private static final Log logger = LogFactory.getLog(SharedEmbeddings.class);

	private static final int CHUNK = 1000;

	private final JdbcClient jdbc;

	private final JdbcTemplate batches;

	private final AtomicBoolean failing = new AtomicBoolean();

	private SharedEmbeddings(DataSource dataSource) {
		this.jdbc = JdbcClient.create(dataSource);
		this.batches = new JdbcTemplate(dataSource);
	}

	/**
	 * The vectors in a database whose {@value #TABLE} table exists.
	 * @param dataSource the database
	 * @return the shared vectors
	 */
	public static SharedEmbeddings jdbc(DataSource dataSource) {
		return new SharedEmbeddings(dataSource);
	}

	/**
	 * The vectors stored for some keys.
	 * @param keys the keys a cache misses
	 * @return the vectors found, by key; empty when the database cannot be reached
	 */
	Map<CacheKey, float[]> find(Collection<CacheKey> keys) {
		Map<String, CacheKey> byId = new HashMap<>();
		keys.forEach((key) -> byId.put(id(key), key));
		Map<CacheKey, float[]> found = new HashMap<>();
		List<String> ids = new ArrayList<>(byId.keySet());
		try {
			for (int from = 0; from < ids.size(); from += CHUNK) {
				List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
				String marks = String.join(", ", Collections.nCopies(chunk.size(), "?"));
				this.jdbc.sql("SELECT id, dimensions, vector FROM " + TABLE + " WHERE id IN (" + marks + ")")
					.params(chunk)
					.query((RowCallbackHandler) (rs) -> found.put(byId.get(rs.getString(1)),
							vector(rs.getBytes(3), rs.getInt(2))));
			}
			worked();
		}
		catch (DataAccessException ex) {
			failed(ex);
		}
		return found;
	}

	/**
	 * Stores vectors another instance may need.
	 * @param vectors the vectors, by key
	 */
	void save(Map<CacheKey, float[]> vectors) {
		if (vectors.isEmpty()) {
			return;
		}
		List<Object[]> rows = new ArrayList<>();
		vectors.forEach((key, vector) -> rows.add(new Object[] { id(key), vector.length, bytes(vector) }));
		try {
			try {
				insert(rows);
			}
			catch (DuplicateKeyException ex) {
				// Another instance embedded some of the same texts meanwhile.
				for (Object[] row : rows) {
					try {
						insert(List.<Object[]>of(row));
					}
					catch (DuplicateKeyException duplicate) {
						// its vector is there already
					}
				}
			}
			worked();
		}
		catch (DataAccessException ex) {
			failed(ex);
		}
	}

	private void insert(List<Object[]> rows) {
		for (int from = 0; from < rows.size(); from += CHUNK) {
			this.batches.batchUpdate("INSERT INTO " + TABLE + " (id, dimensions, vector) VALUES (?, ?, ?)",
					rows.subList(from, Math.min(rows.size(), from + CHUNK)));
		}
	}

	// The message would repeat a statement of up to a thousand placeholders; the type and
	// SQLState say what went wrong.
	private void failed(DataAccessException ex) {
		if (this.failing.compareAndSet(false, true)) {
			Failures.warn(logger, "The shared embedding cache in the database cannot be used; catalog texts are "
					+ "embedded here and kept in this instance until it can", ex);
		}
	}

	private void worked() {
		if (this.failing.compareAndSet(true, false)) {
			logger.info("The shared embedding cache in the database can be used again");
		}
	}

	private static String id(CacheKey key) {
		return HexFormat.of().formatHex(key.bytes());
	}

	private static byte[] bytes(float[] vector) {
		ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
		for (float value : vector) {
			buffer.putFloat(value);
		}
		return buffer.array();
	}

	private static float[] vector(byte[] bytes, int dimensions) {
		ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
		float[] vector = new float[dimensions];
		for (int i = 0; i < dimensions; i++) {
			vector[i] = buffer.getFloat();
		}
		return vector;
	}

}
