package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.ServiceAddressURL;
import org.apache.dubbo.common.utils.Holder;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.support.CacheableFailbackRegistry;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.cluster.router.RouterSnapshotNode;
import org.apache.dubbo.rpc.cluster.router.condition.ConditionStateRouter;
import org.apache.dubbo.rpc.cluster.router.state.BitList;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The route oracle on Dubbo 3.3.6: ConditionStateRouter as a 3.3 consumer builds it from a
 * config-center condition rule (ListenableStateRouter: the rule text, force, enabled),
 * routing invokers whose URLs are the DubboServiceAddressURLs ZookeeperRegistry makes from
 * registered provider URLs (CacheableFailbackRegistry.toUrlsWithoutEmpty/createURL).
 */
public final class DubboRouting {
    /** ConditionStateRouter.matchWhen is package-private. */
    private static final Method MATCH_WHEN;
    /** CacheableFailbackRegistry.stripOffVariableKeys is private. */
    private static final Method STRIP_VARIABLE_KEYS;

    static {
        try {
            MATCH_WHEN = ConditionStateRouter.class.getDeclaredMethod("matchWhen", URL.class, Invocation.class);
            MATCH_WHEN.setAccessible(true);
            STRIP_VARIABLE_KEYS = CacheableFailbackRegistry.class.getDeclaredMethod("stripOffVariableKeys", String.class);
            STRIP_VARIABLE_KEYS.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static AddressUrls addressUrls;

    private DubboRouting() {}

    /** The Dubbo line this class was compiled against, for the oracle's banner. */
    public static String line() {
        return "3.3";
    }

    /**
     * Builds the invokers (a fault in the case throws a RuntimeException), then the router
     * (its constructor's refusal throws RuleRejectedException).
     */
    public static PreparedRoute prepare(RouteCase c) throws RuleRejectedException {
        URL consumer = URL.valueOf(c.consumer);
        List<Invoker<Object>> invokers = new ArrayList<Invoker<Object>>(c.providers.size());
        Map<Invoker<Object>, Integer> index = new IdentityHashMap<Invoker<Object>, Integer>();
        for (String provider : c.providers) {
            Invoker<Object> invoker = new StubInvoker(invokerUrl(provider, consumer));
            index.put(invoker, invokers.size());
            invokers.add(invoker);
        }
        ConditionStateRouter<Object> router;
        try {
            router = new ConditionStateRouter<Object>(consumer, c.rule, c.force, c.enabled);
        } catch (RuntimeException e) {
            throw new RuleRejectedException(e);
        }
        return new Prepared(router, new BitList<Invoker<Object>>(invokers), index, consumer, invocation(c.invocation));
    }

    /**
     * The URL an invoker of a 3.3.6 consumer carries for a registered provider URL: the node
     * name without timestamp and pid (stripOffVariableKeys), made a
     * DubboServiceAddressURL over the consumer URL less its provider-first parameters
     * (createURL, with check=false added), then RegistryDirectory.mergeUrl's steps for such a
     * URL (no configurators here; `mock` removed; a dubbo URL without a path gets the
     * consumer's interface) and toInvokers' effective protocol. The node name is
     * URL.encode(provider): the case holds the decoded string the registry view shows, and a
     * consumer only ever gets the node name, which Java providers write as
     * URL.encode(url.toFullString()); the console's engine reads provider strings the same way
     * (lib/routing/provider-url.ts). The registry's and the
     * directory's filters (group/version/category match, consumer protocol, enabled/disabled
     * providers) are not applied: every given URL becomes one invoker.
     */
    static URL invokerUrl(String provider, URL consumer) {
        AddressUrls registry = addressUrls();
        String raw;
        try {
            raw = (String) STRIP_VARIABLE_KEYS.invoke(registry, URL.encode(provider));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        URL url = registry.addressUrl(raw, consumer);
        if (url.hasParameter("mock") || url.getAnyMethodParameter("mock") != null) {
            url = url.removeParameter("mock");
        }
        if ((url.getPath() == null || url.getPath().length() == 0) && "dubbo".equals(url.getProtocol())) {
            String path = consumer.getServiceInterface();
            if (path != null) {
                int i = path.indexOf('/');
                if (i >= 0) {
                    path = path.substring(i + 1);
                }
                i = path.lastIndexOf(':');
                if (i >= 0) {
                    path = path.substring(0, i);
                }
                url = url.setPath(path);
            }
        }
        String effective = effectiveProtocol(consumer.getParameters().get("protocol"), url);
        return effective.equals(url.getProtocol()) ? url : url.setProtocol(effective);
    }

    /**
     * RegistryDirectory.getEffectiveProtocol of 3.3.6: the provider's `preferred.protocol`,
     * or the first protocol the consumer accepts when the provider lists it in `ext.protocol`.
     */
    private static String effectiveProtocol(String consumerProtocols, URL url) {
        String protocol = url.getProtocol();
        String preferred = url.getParameter("preferred.protocol", protocol);
        if (consumerProtocols == null || consumerProtocols.isEmpty()) {
            return preferred;
        }
        String accepted = consumerProtocols.split(",")[0];
        if (accepted.equals(preferred)) {
            return preferred;
        }
        if (accepted.equals(protocol)) {
            return protocol;
        }
        String ext = url.getParameter("ext.protocol");
        if (ext != null && !ext.isEmpty()) {
            for (String p : ext.split(",")) {
                if (p.equalsIgnoreCase(accepted)) {
                    return accepted;
                }
            }
        }
        return preferred;
    }

    static Invocation invocation(RouteCase.Call call) {
        if (call == null) {
            return null;
        }
        RpcInvocation invocation = new RpcInvocation();
        if (call.method != null) {
            invocation.setMethodName(call.method);
        }
        if (call.arguments != null) {
            invocation.setParameterTypes(call.parameterTypes());
            invocation.setArguments(call.argumentArray());
        }
        for (Map.Entry<String, String> e : call.attachments.entrySet()) {
            invocation.setAttachment(e.getKey(), e.getValue());
        }
        return invocation;
    }

    private static synchronized AddressUrls addressUrls() {
        if (addressUrls == null) {
            // No local file cache: the oracle must not write ~/.dubbo.
            addressUrls = new AddressUrls(URL.valueOf("zookeeper://127.0.0.1:2181/org.apache.dubbo.registry.RegistryService?file.cache=false"));
        }
        return addressUrls;
    }

    /**
     * A registry that never connects, for the URL making its notify path shares with
     * ZookeeperRegistry (CacheableFailbackRegistry.createURL). Its isMatch accepts every URL,
     * so no provider is filtered out.
     */
    private static final class AddressUrls extends CacheableFailbackRegistry {
        AddressUrls(URL url) {
            super(url);
        }

        ServiceAddressURL addressUrl(String rawProvider, URL consumer) {
            return createURL(rawProvider, removeParamsFromConsumer(consumer), getExtraParameters());
        }

        @Override
        protected boolean isMatch(URL subscribeUrl, URL providerUrl) {
            return true;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public void doRegister(URL url) {}

        @Override
        public void doUnregister(URL url) {}

        @Override
        public void doSubscribe(URL url, NotifyListener listener) {}
    }

    private static final class Prepared implements PreparedRoute {
        private final ConditionStateRouter<Object> router;
        private final BitList<Invoker<Object>> invokers;
        private final Map<Invoker<Object>, Integer> index;
        private final URL consumer;
        private final Invocation invocation;

        Prepared(ConditionStateRouter<Object> router, BitList<Invoker<Object>> invokers, Map<Invoker<Object>, Integer> index, URL consumer, Invocation invocation) {
            this.router = router;
            this.invokers = invokers;
            this.index = index;
            this.consumer = consumer;
            this.invocation = invocation;
        }

        @Override
        public int[] route() {
            // A chain routes a clone of its available invokers (SingleRouterChain.route).
            BitList<Invoker<Object>> routed = router.route(invokers.clone(), consumer, invocation, false, new Holder<RouterSnapshotNode<Object>>());
            int[] out = new int[routed.size()];
            int i = 0;
            for (Invoker<Object> invoker : routed) {
                out[i++] = index.get(invoker);
            }
            return out;
        }

        @Override
        public Boolean whenMatched() {
            try {
                return (Boolean) MATCH_WHEN.invoke(router, consumer, invocation);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }

    /** An invoker that only carries its URL, which is all a router reads (the tag oracle's DubboTagRouting uses it too). */
    static final class StubInvoker implements Invoker<Object> {
        private final URL url;

        StubInvoker(URL url) {
            this.url = url;
        }

        @Override
        public Class<Object> getInterface() {
            return Object.class;
        }

        @Override
        public Result invoke(Invocation invocation) {
            throw new UnsupportedOperationException("the route oracle never invokes");
        }

        @Override
        public URL getUrl() {
            return url;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public void destroy() {}
    }
}
