package dev.sepax.spark;

/**
 * An input row a join cannot use. The message has the form
 * {@code dataset=NAME row=P:I id=ID: reason}, where {@code P:I} is the row's position in its
 * dataset (input partition {@code P}, {@code I}-th row of that partition, both from 0) and
 * {@code ID} the row's id column. Spark reports it as the cause of the failed job under
 * {@link BadRows#FAIL}.
 */
public final class BadRowException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String dataset;
    private final String row;
    private final String reason;

    BadRowException(String dataset, String row, Object id, String reason) {
        super("dataset=" + dataset + " row=" + row + " id=" + id + ": " + reason);
        this.dataset = dataset;
        this.row = row;
        this.reason = reason;
    }

    /** The name of the row's dataset ({@link PolygonSource#name()}). */
    public String dataset() {
        return dataset;
    }

    /** The row's position, {@code partition:index}. */
    public String row() {
        return row;
    }

    /** Why the row cannot be used. */
    public String reason() {
        return reason;
    }
}
