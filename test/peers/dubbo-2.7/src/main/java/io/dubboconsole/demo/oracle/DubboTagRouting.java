package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.configcenter.ConfigChangeType;
import org.apache.dubbo.common.config.configcenter.ConfigChangedEvent;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.cluster.router.tag.TagRouter;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tag-router oracle on Dubbo 2.7.23: a TagRouter built as TagRouterFactory builds it for a
 * consumer (new TagRouter(consumer URL)), notified of the case's rule texts through its public
 * process(ConfigChangedEvent) as the config center would, then routing invokers whose URLs are
 * the merged URLs a 2.7.23 RegistryDirectory makes (DubboRouting.invokerUrl).
 *
 * <p>TagRouter.notify(invokers) is not called: in 2.7.23 it only picks the rule key from the first
 * invoker's remote.application and subscribes to it; the router keeps no invoker state, so the
 * rule texts handed to process are all that a real consumer's router would hold.
 */
public final class DubboTagRouting {
    /** TagRouter.tagRouterRule is private. */
    private static final Field RULE;
    /** The config-center key the events name; TagRouter.process does not read it. */
    private static final String KEY = "oracle-provider.tag-router";

    static {
        try {
            RULE = TagRouter.class.getDeclaredField("tagRouterRule");
            RULE.setAccessible(true);
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DubboTagRouting() {}

    static TagOracle.Answer answer(TagOracle.Case c) throws Exception {
        URL consumer = URL.valueOf(c.consumer);
        List<Invoker<Object>> invokers = new ArrayList<Invoker<Object>>(c.providers.size());
        Map<Invoker<Object>, Integer> index = new IdentityHashMap<Invoker<Object>, Integer>();
        for (String provider : c.providers) {
            Invoker<Object> invoker = new DubboRouting.StubInvoker(DubboRouting.invokerUrl(provider, consumer));
            index.put(invoker, invokers.size());
            invokers.add(invoker);
        }
        TagRouter router = new TagRouter(consumer);
        boolean added = false;
        for (String text : c.rules) {
            if (text == null) {
                router.process(new ConfigChangedEvent(KEY, "dubbo", null, ConfigChangeType.DELETED));
                added = false;
            } else {
                router.process(new ConfigChangedEvent(KEY, "dubbo", text, added ? ConfigChangeType.MODIFIED : ConfigChangeType.ADDED));
                added = true;
            }
        }
        boolean ruleLoaded = RULE.get(router) != null;
        RpcInvocation invocation = invocation(consumer);
        for (Map.Entry<String, String> e : c.attachments.entrySet()) {
            invocation.setAttachment(e.getKey(), e.getValue());
        }
        List<Invoker<Object>> routed;
        try {
            routed = router.route(invokers, consumer, invocation);
        } catch (RuntimeException e) {
            return new TagOracle.Answer(new int[0], ruleLoaded, e.getClass().getName());
        }
        int[] kept = new int[routed.size()];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = index.get(routed.get(i));
        }
        return new TagOracle.Answer(kept, ruleLoaded, null);
    }

    /**
     * The tag bench's routers (TagBench): consumer URLs parsed and invokers built once, from the
     * first consumer's URL (the merged URLs differ between these consumers only in parameters
     * the router does not read: none has dubbo.tag). An answer: new TagRouter(consumer), each
     * rule text processed, every tag routed; notify is not called, as in {@link #answer}.
     */
    static TagBenchLine bench(List<String> consumerTexts, List<String> providers) {
        final List<URL> consumers = new ArrayList<URL>(consumerTexts.size());
        for (String c : consumerTexts) {
            consumers.add(URL.valueOf(c));
        }
        final List<Invoker<Object>> invokers = new ArrayList<Invoker<Object>>(providers.size());
        for (String provider : providers) {
            invokers.add(new DubboRouting.StubInvoker(DubboRouting.invokerUrl(provider, consumers.get(0))));
        }
        return new TagBenchLine() {
            @Override
            public void answer(int c, String[] rules, String[] tags, int[] kept) {
                URL consumer = consumers.get(c);
                TagRouter router = new TagRouter(consumer);
                for (int r = 0; r < rules.length; r++) {
                    router.process(new ConfigChangedEvent(KEY, "dubbo", rules[r], r == 0 ? ConfigChangeType.ADDED : ConfigChangeType.MODIFIED));
                    for (int t = 0; t < tags.length; t++) {
                        RpcInvocation invocation = invocation(consumer);
                        if (tags[t] != null) {
                            invocation.setAttachment("dubbo.tag", tags[t]);
                        }
                        kept[r * tags.length + t] = router.route(invokers, consumer, invocation).size();
                    }
                }
            }
        };
    }

    /**
     * The invocation as a consumer's proxy makes it (InvokerInvocationHandler: method name,
     * interface, service key, no arguments), with an attachment map from the start. In 2.7.23
     * this matters: RpcInvocation.getAttachment(key, default) answers the default only while
     * the invocation has no attachment map at all or the value is "", so with a map, as in
     * every real call, an absent dubbo.force.tag attachment reads as null (false) and the
     * router URL's dubbo.force.tag is not consulted.
     */
    private static RpcInvocation invocation(URL consumer) {
        return new RpcInvocation("sayHello", consumer.getServiceInterface(), consumer.getServiceKey(), new Class<?>[0], new Object[0]);
    }
}
