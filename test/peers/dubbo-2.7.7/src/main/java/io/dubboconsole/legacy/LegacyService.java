package io.dubboconsole.legacy;

/**
 * A service only the Dubbo 2.7.7 provider exports (its own interface, so no other test sees
 * it in the registry): a no-argument method and methods with arguments, one overloaded.
 */
public interface LegacyService {
    /** The provider's Dubbo version, e.g. "2.7.7". */
    String version();

    /** `text` repeated `times` times, joined by `-`. */
    String repeat(String text, int times);

    /** Overloaded: "text:" + the argument. */
    String describe(String value);

    /** Overloaded: "int:" + the argument. */
    String describe(int value);
}
