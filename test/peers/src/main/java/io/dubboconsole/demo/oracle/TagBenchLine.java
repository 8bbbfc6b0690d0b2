package io.dubboconsole.demo.oracle;

/**
 * One Dubbo line's tag routers as the tag-preview benchmark drives them (TagBench): made by
 * each module's {@code DubboTagRouting.bench}, with the consumer URLs parsed and the invokers
 * built once, untimed, as a consumer holds them before a rule changes.
 */
interface TagBenchLine {
    /**
     * What consumer {@code consumer}'s tag router answers: the router made for its URL,
     * notified of the invokers where the release needs it, then each of {@code rules}
     * processed in turn (the first as ADDED, later ones as MODIFIED), and after each, route()
     * called once for every request tag ({@code null}: a call without one). Writes the number
     * of invokers kept to {@code kept[rule * tags.length + tag]}.
     */
    void answer(int consumer, String[] rules, String[] tags, int[] kept) throws Exception;
}
