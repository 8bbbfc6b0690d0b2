package io.dubboconsole.demo.oracle;

/** An unchecked exception that is neither java.* nor in the demo API's jar: ExceptionFilter wraps it. */
public class OracleFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OracleFailure(String message) {
        super(message);
    }
}
