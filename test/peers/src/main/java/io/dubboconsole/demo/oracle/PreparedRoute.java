package io.dubboconsole.demo.oracle;

/**
 * A router built from a case and the invokers it routes, ready to run. Implemented per Dubbo
 * line by DubboRouting (dubbo-2.7/src and dubbo-3.3/src hold one class of that name each).
 */
public interface PreparedRoute {
    /** Runs the router's route(...) once; the indices into the case's providers it returned, in its order. */
    int[] route();

    /** What the router's package-private matchWhen says for the consumer and call; null if it threw. */
    Boolean whenMatched();
}
