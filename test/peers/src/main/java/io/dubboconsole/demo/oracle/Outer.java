package io.dubboconsole.demo.oracle;

import java.io.Serializable;

/** Holds a nested class, whose binary name is {@code io.dubboconsole.demo.oracle.Outer$Inner}. */
public final class Outer {
    private Outer() {}

    /** A static nested POJO. */
    public static class Inner implements Serializable {
        private static final long serialVersionUID = 1L;
        private String value;
        private int count;
    }
}
