package io.dubboconsole.demo.api;

import java.util.List;

/** Exported with version "2.0.0" and no group: the ways a call goes wrong or gets heavy. */
public interface FaultService {
    /** Always throws the checked {@link BusinessException}. */
    String checkedFailure(String reason) throws BusinessException;

    /** Always throws an IllegalStateException (a RuntimeException). */
    String runtimeFailure(String reason);

    /** Sleeps {@code millis} ms, then answers. */
    String slow(int millis);

    /** A string of {@code kilobytes} KiB. */
    String largeText(int kilobytes);

    /** {@code count} users, each with nested objects. */
    List<User> largeList(int count);
}
