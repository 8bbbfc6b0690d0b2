package io.dubboconsole.demo.oracle;

import java.text.ParseException;

/** The router's constructor refused the rule: `cause` is what Dubbo threw. */
public final class RuleRejectedException extends Exception {
    private static final long serialVersionUID = 1L;

    public RuleRejectedException(Throwable cause) {
        super(cause.toString(), cause);
    }

    /**
     * The offset Dubbo's ParseException carries (into the trimmed when or then part it was
     * parsing, not into the whole rule), or -1 when the rejection has none.
     */
    public int offset() {
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof ParseException) {
                return ((ParseException) t).getErrorOffset();
            }
        }
        return -1;
    }
}
