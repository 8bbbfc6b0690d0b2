package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.common.utils.UrlUtils;
import org.apache.dubbo.registry.integration.RegistryDirectory;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.cluster.Configurator;
import org.apache.dubbo.rpc.cluster.loadbalance.AbstractLoadBalance;
import org.apache.dubbo.rpc.cluster.loadbalance.RandomLoadBalance;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Dubbo 3.3.6 consumer's view of its providers under the configurators (the override
 * preview's oracle, test/support/config-view-oracle.ts): the registry's configurator URLs as
 * ZookeeperRegistry delivers them to the consumer's subscription (UrlUtils.isMatch) and
 * RegistryDirectory.notify keeps them (its own private isValidCategory, isNotCompatibleFor26x
 * and judgeCategory, on a directory allocated without its constructor), the config-center
 * rules as DubboConfigurators reads them, then every provider as the consumer holds it: the
 * DubboServiceAddressURL ZookeeperRegistry makes (the provider's parameters without the
 * {@code timestamp} and {@code pid} CacheableFailbackRegistry strips, the consumer URL behind),
 * through RegistryDirectory's own overrideWithConfigurators for the three lists in turn (its
 * separate override URL); whether toInvokers keeps it (disabled/enabled), and
 * AbstractLoadBalance.getWeight of RandomLoadBalance for a call of a method without its own weight.
 */
public final class DubboConsumerView {
    private static final Object DIRECTORY;
    private static final Method VALID;
    private static final Method COMPATIBLE;
    private static final Method JUDGE;
    private static final Method WEIGHT;
    private static final RandomLoadBalance BALANCE = new RandomLoadBalance();
    private static final Invocation CALL = (Invocation) Proxy.newProxyInstance(DubboConsumerView.class.getClassLoader(), new Class<?>[] {Invocation.class}, (proxy, m, args) -> "getMethodName".equals(m.getName()) ? "previewCall" : nothing(m));

    static {
        try {
            Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            DIRECTORY = unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, RegistryDirectory.class);
            VALID = RegistryDirectory.class.getDeclaredMethod("isValidCategory", URL.class);
            COMPATIBLE = RegistryDirectory.class.getDeclaredMethod("isNotCompatibleFor26x", URL.class);
            JUDGE = RegistryDirectory.class.getDeclaredMethod("judgeCategory", URL.class);
            WEIGHT = AbstractLoadBalance.class.getDeclaredMethod("getWeight", Invoker.class, Invocation.class);
            for (Method m : new Method[] {VALID, COMPATIBLE, JUDGE, WEIGHT}) {
                m.setAccessible(true);
            }
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DubboConsumerView() {}

    private static Object nothing(Method m) {
        Class<?> t = m.getReturnType();
        if (t == boolean.class) {
            return false;
        }
        if (t == int.class || t == long.class) {
            return 0;
        }
        return null;
    }

    /** A case with its consumer and provider URLs parsed (what a directory holds before a notification). */
    static final class Prepared {
        final ConfigOracle.Case c;
        final URL consumer;
        final List<URL> providers = new ArrayList<URL>();

        Prepared(ConfigOracle.Case c) {
            this.c = c;
            this.consumer = URL.valueOf(c.consumer);
            for (String p : c.providers) {
                providers.add(URL.valueOf(p));
            }
        }
    }

    /** Per provider: the reported values, whether it is kept, its weight (-1 where getWeight throws). */
    static final class View {
        final List<Map<String, String>> values = new ArrayList<Map<String, String>>();
        final List<Boolean> usable = new ArrayList<Boolean>();
        final List<Integer> weights = new ArrayList<Integer>();
    }

    static String answer(ConfigOracle.Case c) throws Exception {
        Prepared prepared = new Prepared(c);
        long now = System.currentTimeMillis();
        View v = run(prepared, true);
        StringBuilder out = new StringBuilder(256).append("{\"id\":").append(c.id).append(",\"ok\":true,\"now\":").append(now).append(",\"localHost\":");
        Json.quote(out, NetUtils.getLocalHost());
        out.append(",\"view\":[");
        for (int i = 0; i < v.usable.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append("{\"values\":");
            ConfigOracle.map(out, v.values.get(i));
            out.append(",\"usable\":").append(v.usable.get(i)).append(",\"weight\":").append(v.weights.get(i)).append('}');
        }
        return out.append("]}").toString();
    }

    /** The consumer's view; `report` false keeps no values (the benchmark's rounds), only a checksum in `weights`. */
    static View run(Prepared p, boolean report) throws Exception {
        ConfigOracle.Case c = p.c;
        URL subscribe = p.consumer.addParameter("category", "providers,configurators,routers");
        List<URL> delivered = new ArrayList<URL>();
        for (String s : c.registry) {
            URL u = URL.valueOf(s);
            if (UrlUtils.isMatch(subscribe, u) && (Boolean) VALID.invoke(DIRECTORY, u) && (Boolean) COMPATIBLE.invoke(DIRECTORY, u) && "configurators".equals(JUDGE.invoke(DIRECTORY, u))) {
                delivered.add(u);
            }
        }
        List<Configurator> registry = Configurator.toConfigurators(delivered).orElse(Collections.<Configurator>emptyList());
        List<Configurator> app = DubboConfigurators.rule("app", c.appRule);
        List<Configurator> service = DubboConfigurators.rule("service", c.serviceRule);
        View v = new View();
        long sum = 0;
        for (URL provider : p.providers) {
            URL stripped = provider.removeParameters("timestamp", "pid");
            URL u = DubboConfigurators.chain(new DubboServiceAddressURL(stripped.getUrlAddress(), stripped.getUrlParam(), p.consumer, null), registry, app, service);
            boolean enabled = u.hasParameter("disabled") ? !u.getParameter("disabled", false) : u.getParameter("enabled", true);
            int weight = weightOf(u);
            sum += weight + (enabled ? 1 : 0);
            if (report) {
                Map<String, String> values = new LinkedHashMap<String, String>();
                for (String k : c.keys) {
                    values.put(k, u.getParameter(k));
                }
                v.values.add(values);
                v.usable.add(enabled);
                v.weights.add(weight);
            }
        }
        if (!report) {
            v.weights.add((int) sum);
        }
        return v;
    }

    private static int weightOf(final URL url) throws IllegalAccessException {
        Invoker<?> invoker = (Invoker<?>) Proxy.newProxyInstance(DubboConsumerView.class.getClassLoader(), new Class<?>[] {Invoker.class}, (proxy, m, args) -> "getUrl".equals(m.getName()) ? url : nothing(m));
        try {
            return (Integer) WEIGHT.invoke(BALANCE, invoker, CALL);
        } catch (InvocationTargetException e) {
            return -1;
        }
    }
}
