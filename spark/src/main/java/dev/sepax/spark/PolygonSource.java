package dev.sepax.spark;

import java.util.Arrays;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * One side of a join: a {@code Dataset<Row>}, the column that identifies a row (any type
 * Spark can put in a row: long, int, string, ...; it is copied to the output unchanged) and
 * the column holding its polygon, in one of the {@link Format}s. The name is used in error
 * messages and in {@link SepaxSpatialJoin#rejects}.
 *
 * <p>Coordinates are rounded to float (nearest) as they are read, less the join's
 * {@link SepaxSpatialJoin#origin} when it has one: the join's verdicts are those of the Sepax
 * kernels on the rounded vertices. Immutable; the dataset is read lazily, when an
 * action runs on a join's result.
 */
public final class PolygonSource {
    /** How a row's polygon is written. */
    public enum Format {
        /**
         * A string column of 2D {@code POLYGON ((x y, x y, ...), (hole), ...)} or
         * {@code MULTIPOLYGON (((x y, ...)), ((x y, ...), (hole)))} (case-insensitive keyword,
         * each ring's closing vertex may repeat its first): convex or concave, any winding.
         */
        WKT,
        /**
         * An array column of doubles or floats {@code [x0, y0, x1, y1, ...]}: one ring, convex or
         * concave, either winding, without a repeated closing vertex.
         */
        COORDINATES
    }

    private final String name;
    private final Dataset<Row> data;
    private final String idColumn;
    private final String geometryColumn;
    private final Format format;

    private PolygonSource(String name, Dataset<Row> data, String idColumn, String geometryColumn, Format format) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name is null or blank");
        }
        if (data == null) {
            throw new IllegalArgumentException("dataset=" + name + ": data is null");
        }
        this.name = name;
        this.data = data;
        this.idColumn = idColumn;
        this.geometryColumn = geometryColumn;
        this.format = format;
        StructField id = field(idColumn);
        if (id.dataType() instanceof ArrayType || id.dataType() instanceof org.apache.spark.sql.types.MapType) {
            throw new IllegalArgumentException("dataset=" + name + ": id column " + idColumn + " has type "
                    + id.dataType().simpleString() + "; use a scalar column (long, int, string, ...)");
        }
        DataType g = field(geometryColumn).dataType();
        boolean ok = format == Format.WKT ? g.equals(DataTypes.StringType)
                : g instanceof ArrayType a && (a.elementType().equals(DataTypes.DoubleType)
                        || a.elementType().equals(DataTypes.FloatType));
        if (!ok) {
            throw new IllegalArgumentException("dataset=" + name + ": geometry column " + geometryColumn + " has type "
                    + g.simpleString() + "; format " + format + " needs "
                    + (format == Format.WKT ? "string" : "array<double> or array<float>"));
        }
    }

    /**
     * A dataset whose {@code geometryColumn} holds WKT polygons.
     *
     * @throws IllegalArgumentException naming the dataset when a column is missing or of the wrong type
     */
    public static PolygonSource wkt(String name, Dataset<Row> data, String idColumn, String geometryColumn) {
        return new PolygonSource(name, data, idColumn, geometryColumn, Format.WKT);
    }

    /**
     * A dataset whose {@code coordinatesColumn} holds {@code [x0, y0, x1, y1, ...]} arrays.
     *
     * @throws IllegalArgumentException naming the dataset when a column is missing or of the wrong type
     */
    public static PolygonSource coordinates(String name, Dataset<Row> data, String idColumn, String coordinatesColumn) {
        return new PolygonSource(name, data, idColumn, coordinatesColumn, Format.COORDINATES);
    }

    private StructField field(String column) {
        String[] names = data.schema().fieldNames();
        if (column == null || !Arrays.asList(names).contains(column)) {
            throw new IllegalArgumentException("dataset=" + name + ": no column " + column + " among "
                    + Arrays.toString(names));
        }
        return data.schema().apply(column);
    }

    /** The name used in messages. */
    public String name() {
        return name;
    }

    /** The rows. */
    public Dataset<Row> data() {
        return data;
    }

    /** The id column's name. */
    public String idColumn() {
        return idColumn;
    }

    /** The geometry column's name. */
    public String geometryColumn() {
        return geometryColumn;
    }

    /** How the geometry column is written. */
    public Format format() {
        return format;
    }

    /** The id column's Spark type, for the output schema. */
    DataType idType() {
        return data.schema().apply(idColumn).dataType();
    }

    /** A serialisable reader of this source's rows, for the executors. */
    RowReader reader() {
        return new RowReader(name, data.schema().fieldIndex(idColumn), idType(),
                data.schema().fieldIndex(geometryColumn), data.schema().apply(geometryColumn).dataType(), format);
    }
}
