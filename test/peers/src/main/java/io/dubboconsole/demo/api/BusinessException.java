package io.dubboconsole.demo.api;

/** A checked business exception, declared by {@link FaultService#checkedFailure}. */
public class BusinessException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String errorCode;

    public BusinessException(String errorCode, String message) {
        super(message);
        this.errorCode = errorCode;
    }

    public String getErrorCode() { return errorCode; }
}
