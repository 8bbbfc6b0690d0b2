package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.URLStrParser;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.cluster.Router;
import org.apache.dubbo.rpc.cluster.router.condition.ConditionRouter;
import org.apache.dubbo.rpc.cluster.router.condition.ConditionRouterFactory;
import org.apache.dubbo.rpc.cluster.support.ClusterUtils;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The route oracle on Dubbo 2.7.23: the legacy ConditionRouter, built from a routers-category
 * URL as RegistryDirectory.toRouters gets it, routing invokers whose URLs are made as
 * ZookeeperRegistry and RegistryDirectory make them from registered provider URLs.
 */
public final class DubboRouting {
    /** ConditionRouter.matchWhen is package-private. */
    private static final Method MATCH_WHEN;

    static {
        try {
            MATCH_WHEN = ConditionRouter.class.getDeclaredMethod("matchWhen", URL.class, Invocation.class);
            MATCH_WHEN.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DubboRouting() {}

    /** The Dubbo line this class was compiled against, for the oracle's banner. */
    public static String line() {
        return "2.7";
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
        Router router;
        try {
            router = new ConditionRouterFactory().getRouter(routeUrl(c, consumer));
        } catch (RuntimeException e) {
            throw new RuleRejectedException(e);
        }
        return new Prepared((ConditionRouter) router, invokers, index, consumer, invocation(c.invocation));
    }

    /**
     * The URL an invoker of a 2.7.23 consumer carries for a registered provider URL:
     * ZookeeperRegistry.toUrlsWithoutEmpty parses the (encoded) node name with
     * URLStrParser.parseEncodedStr. The case holds the decoded string the registry view
     * shows, and a consumer only ever gets the node name, which Java providers write as
     * URL.encode(url.toFullString()) (ZookeeperRegistry.toUrlPath): so the node whose decoded
     * name is that string is URL.encode(provider), parsed as the consumer parses it, quirks
     * included (a parameter without '=' loses two chars of its name). The console's engine
     * reads provider strings the same way (lib/routing/provider-url.ts).
     * RegistryDirectory.mergeUrl then merges the consumer's
     * parameters (ClusterUtils, DefaultProviderURLMergeProcessor), applies configurators (none
     * here), adds check=false, and gives a dubbo URL without a path the consumer's interface.
     * The directory's filters (consumer protocol, enabled/disabled providers, duplicates) are
     * not applied: every given URL becomes one invoker.
     */
    static URL invokerUrl(String provider, URL consumer) {
        URL url = URLStrParser.parseEncodedStr(URL.encode(provider));
        url = ClusterUtils.mergeUrl(url, consumer.getParameters());
        url = url.addParameter("check", String.valueOf(false));
        if ((url.getPath() == null || url.getPath().length() == 0) && "dubbo".equals(url.getProtocol())) {
            // RegistryDirectory.mergeUrl ("Compatible version 1.0"): the directory URL's interface.
            String path = consumer.getParameter("interface");
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
        return url;
    }

    /**
     * The route as a 2.7.23 consumer reads it from /dubbo/{service}/routers: a route:// URL
     * (the rule URL-encoded inside it, as every admin writes it) whose node name is the
     * encoded URL, parsed like a provider's, its protocol set from `router`
     * (RegistryDirectory.toRouters), handed to ConditionRouterFactory.
     */
    static URL routeUrl(RouteCase c, URL consumer) {
        String route = "route://0.0.0.0/" + consumer.getServiceInterface()
                + "?category=routers&dynamic=false&enabled=" + c.enabled + "&force=" + c.force
                + "&name=oracle&priority=0&router=condition&rule=" + URL.encode(c.rule)
                + "&runtime=false";
        URL url = URLStrParser.parseEncodedStr(URL.encode(route));
        return url.setProtocol(url.getParameter("router"));
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

    private static final class Prepared implements PreparedRoute {
        private final ConditionRouter router;
        private final List<Invoker<Object>> invokers;
        private final Map<Invoker<Object>, Integer> index;
        private final URL consumer;
        private final Invocation invocation;

        Prepared(ConditionRouter router, List<Invoker<Object>> invokers, Map<Invoker<Object>, Integer> index, URL consumer, Invocation invocation) {
            this.router = router;
            this.invokers = invokers;
            this.index = index;
            this.consumer = consumer;
            this.invocation = invocation;
        }

        @Override
        public int[] route() {
            List<Invoker<Object>> routed = router.route(invokers, consumer, invocation);
            int[] out = new int[routed.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = index.get(routed.get(i));
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
