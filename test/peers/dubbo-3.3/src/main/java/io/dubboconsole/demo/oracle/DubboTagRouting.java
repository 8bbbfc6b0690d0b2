package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.configcenter.ConfigChangeType;
import org.apache.dubbo.common.config.configcenter.ConfigChangedEvent;
import org.apache.dubbo.common.utils.Holder;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.cluster.router.RouterSnapshotNode;
import org.apache.dubbo.rpc.cluster.router.state.BitList;
import org.apache.dubbo.rpc.cluster.router.tag.TagStateRouter;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tag-router oracle on Dubbo 3.3.6: a TagStateRouter built as TagStateRouterFactory builds
 * it for a consumer (new TagStateRouter(consumer URL)), given its invoker list by its own public
 * notify(invokers), as a consumer's RouterChain does when addresses arrive, then notified of the
 * case's rule texts through its public process(ConfigChangedEvent) as the config center would
 * (a v3.0 rule's match addresses are computed from that invoker list in process), then routing
 * a clone of the invokers, as SingleRouterChain does. The invokers' URLs are the
 * DubboServiceAddressURLs a 3.3.6 consumer makes (DubboRouting.invokerUrl).
 *
 * <p>notify is the real call, not a reflective write: it stores the list, reads the first
 * invoker's remote application, and subscribes to {application}.tag-router through the module's
 * GovernanceRuleRepository, which without a config center (none is configured here) neither
 * subscribes nor finds a rule, so no rule is processed there. Only the case's texts are.
 */
public final class DubboTagRouting {
    /** TagStateRouter.tagRouterRule is private. */
    private static final Field RULE;
    /** The config-center key the events name; TagStateRouter.process does not read it. */
    private static final String KEY = "oracle-provider.tag-router";

    static {
        try {
            RULE = TagStateRouter.class.getDeclaredField("tagRouterRule");
            RULE.setAccessible(true);
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DubboTagRouting() {}

    static TagOracle.Answer answer(TagOracle.Case c) throws Exception {
        URL consumer = URL.valueOf(c.consumer);
        List<Invoker<Object>> list = new ArrayList<Invoker<Object>>(c.providers.size());
        Map<Invoker<Object>, Integer> index = new IdentityHashMap<Invoker<Object>, Integer>();
        for (String provider : c.providers) {
            Invoker<Object> invoker = new DubboRouting.StubInvoker(DubboRouting.invokerUrl(provider, consumer));
            index.put(invoker, list.size());
            list.add(invoker);
        }
        BitList<Invoker<Object>> invokers = new BitList<Invoker<Object>>(list);
        TagStateRouter<Object> router = new TagStateRouter<Object>(consumer);
        router.notify(invokers);
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
        BitList<Invoker<Object>> routed;
        try {
            routed = router.route(invokers.clone(), consumer, invocation, false, new Holder<RouterSnapshotNode<Object>>());
        } catch (RuntimeException e) {
            return new TagOracle.Answer(new int[0], ruleLoaded, e.getClass().getName());
        }
        int[] kept = new int[routed.size()];
        int i = 0;
        for (Invoker<Object> invoker : routed) {
            kept[i++] = index.get(invoker);
        }
        return new TagOracle.Answer(kept, ruleLoaded, null);
    }

    /**
     * The tag bench's routers (TagBench): consumer URLs parsed and invokers built once, from the
     * first consumer's URL (the DubboServiceAddressURLs differ between these consumers only in
     * parameters the router does not read: none has dubbo.tag). An answer, as {@link #answer}:
     * new TagStateRouter(consumer), notify(invokers), each rule text processed (a v3.0 rule's
     * match addresses computed over the invokers there), every tag routed on a clone of the list.
     */
    static TagBenchLine bench(List<String> consumerTexts, List<String> providers) {
        final List<URL> consumers = new ArrayList<URL>(consumerTexts.size());
        for (String c : consumerTexts) {
            consumers.add(URL.valueOf(c));
        }
        List<Invoker<Object>> list = new ArrayList<Invoker<Object>>(providers.size());
        for (String provider : providers) {
            list.add(new DubboRouting.StubInvoker(DubboRouting.invokerUrl(provider, consumers.get(0))));
        }
        final BitList<Invoker<Object>> invokers = new BitList<Invoker<Object>>(list);
        return new TagBenchLine() {
            @Override
            public void answer(int c, String[] rules, String[] tags, int[] kept) {
                URL consumer = consumers.get(c);
                TagStateRouter<Object> router = new TagStateRouter<Object>(consumer);
                router.notify(invokers);
                for (int r = 0; r < rules.length; r++) {
                    router.process(new ConfigChangedEvent(KEY, "dubbo", rules[r], r == 0 ? ConfigChangeType.ADDED : ConfigChangeType.MODIFIED));
                    for (int t = 0; t < tags.length; t++) {
                        RpcInvocation invocation = invocation(consumer);
                        if (tags[t] != null) {
                            invocation.setAttachment("dubbo.tag", tags[t]);
                        }
                        kept[r * tags.length + t] = router.route(invokers.clone(), consumer, invocation, false, new Holder<RouterSnapshotNode<Object>>()).size();
                    }
                }
            }
        };
    }

    /**
     * The invocation as a consumer's proxy makes it (InvokerInvocationHandler: method name,
     * interface, service key, no arguments), with an attachment map from the start (3.3.6's
     * getAttachment(key, default) answers the default for a missing key either way).
     */
    private static RpcInvocation invocation(URL consumer) {
        return new RpcInvocation("sayHello", consumer.getServiceInterface(), consumer.getServiceKey(), new Class<?>[0], new Object[0]);
    }
}
