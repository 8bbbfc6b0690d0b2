package io.dubboconsole.demo.oracle;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.cluster.LoadBalance;
import org.apache.dubbo.rpc.cluster.loadbalance.AbstractLoadBalance;
import org.apache.dubbo.rpc.cluster.loadbalance.ConsistentHashLoadBalance;
import org.apache.dubbo.rpc.cluster.loadbalance.RoundRobinLoadBalance;

/**
 * What the real Dubbo load balances and URL getters answer for the cases
 * test/integration/cluster-java-check.test.ts asserts: run by that test on the peers'
 * dubbo-2.7.23 and dubbo-3.3.6 classpaths, printing one JSON object. Deterministic parts
 * only (no ThreadLocalRandom): warm-up weights, round robin sequences, consistent hash
 * picks, method parameters, and the JDK's toString of numbers.
 */
public class ClusterCheck {
    static final String IFACE = "com.foo.DemoService";

    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder("{\n");
        out.append("\"warmup\": ").append(warmup()).append(",\n");
        out.append("\"roundRobin\": ").append(roundRobin()).append(",\n");
        out.append("\"consistentHash\": ").append(consistentHash()).append(",\n");
        out.append("\"methodParameters\": ").append(methodParameters()).append(",\n");
        out.append("\"numbers\": ").append(numbers()).append("\n}");
        System.out.println(out);
    }

    static URL provider(String address, String params) {
        return URL.valueOf("dubbo://" + address + "/" + IFACE + "?interface=" + IFACE + (params.isEmpty() ? "" : "&" + params));
    }

    static Invoker<Object> invoker(URL url) {
        return new Invoker<Object>() {
            public Class<Object> getInterface() { return Object.class; }
            public Result invoke(Invocation invocation) { throw new UnsupportedOperationException(); }
            public URL getUrl() { return url; }
            public boolean isAvailable() { return true; }
            public void destroy() {}
        };
    }

    static Invocation invocation(String method, Object... arguments) throws Exception {
        Class<?>[] types = new Class<?>[arguments.length];
        for (int i = 0; i < types.length; i++) types[i] = arguments[i] == null ? Object.class : arguments[i].getClass();
        for (Constructor<?> c : RpcInvocation.class.getConstructors()) {
            Class<?>[] p = c.getParameterTypes();
            if (p.length == 3 && p[0] == String.class && p[1] == Class[].class && p[2] == Object[].class) {
                return (Invocation) c.newInstance(method, types, arguments);
            }
            if (p.length == 5 && p[0] == String.class && p[1] == String.class && p[2] == String.class && p[3] == Class[].class && p[4] == Object[].class) {
                return (Invocation) c.newInstance(method, IFACE, IFACE, types, arguments);
            }
        }
        throw new IllegalStateException("no RpcInvocation constructor");
    }

    static String warmup() throws Exception {
        Method m = AbstractLoadBalance.class.getDeclaredMethod("calculateWarmupWeight", int.class, int.class, int.class);
        m.setAccessible(true);
        int[][] cases = {{1, 600000, 100}, {6000, 600000, 100}, {60000, 600000, 100}, {299999, 600000, 100}, {300000, 600000, 100},
            {599999, 600000, 100}, {1234, 10000, 7}, {9999, 10000, 3}, {12345, 600000, 2147483647}, {500, 1000, 1}, {777, 100000, 16777217}};
        List<String> rows = new ArrayList<>();
        for (int[] c : cases) rows.add("[" + c[0] + "," + c[1] + "," + c[2] + "," + m.invoke(null, c[0], c[1], c[2]) + "]");
        return "[" + String.join(",", rows) + "]";
    }

    static String roundRobin() throws Exception {
        String[][] setups = {{"weight=5", "weight=1", "weight=1"}, {"weight=3", "weight=2", "weight=1", "weight=0"}, {"sayHello.weight=1", "weight=4", ""}};
        List<String> rows = new ArrayList<>();
        for (String[] setup : setups) {
            LoadBalance lb = new RoundRobinLoadBalance();
            List<Invoker<Object>> invokers = new ArrayList<>();
            for (int i = 0; i < setup.length; i++) invokers.add(invoker(provider("10.0.0." + (i + 1) + ":20880", setup[i])));
            Invocation inv = invocation("sayHello", "x");
            List<String> seq = new ArrayList<>();
            for (int n = 0; n < 14; n++) seq.add("\"" + lb.select(invokers, invokers.get(0).getUrl(), inv).getUrl().getAddress() + "\"");
            rows.add("[" + String.join(",", seq) + "]");
        }
        return "[" + String.join(",", rows) + "]";
    }

    static String consistentHash() throws Exception {
        List<String> rows = new ArrayList<>();
        String[] params = {"", "hash.nodes=16&hash.arguments=0,1"};
        for (String p : params) {
            LoadBalance lb = new ConsistentHashLoadBalance();
            List<Invoker<Object>> invokers = new ArrayList<>();
            for (int i = 1; i <= 5; i++) invokers.add(invoker(provider("10.0.0." + i + ":2088" + i, p)));
            List<String> seq = new ArrayList<>();
            for (int k = 0; k < 40; k++) {
                Invocation inv = k % 4 == 3 ? invocation("find", (long) k * 1000003L, "b") : invocation("find", "key-" + k, k % 2 == 0 ? "a" : "b");
                seq.add("\"" + lb.select(invokers, invokers.get(0).getUrl(), inv).getUrl().getAddress() + "\"");
            }
            rows.add("[" + String.join(",", seq) + "]");
        }
        return "[" + String.join(",", rows) + "]";
    }

    static String methodParameters() {
        String[][] cases = {
            {"timeout=1000&sayHello.timeout=3000", "sayHello"},
            {"timeout=1000&sayHello.timeout=3000&methods=sayHello,bye", "sayHello"},
            {"timeout=1000&sayHello.timeout=3000&methods=bye", "sayHello"},
            {"timeout=1000&say.timeout=3000&methods=sayHello", "say"},
            {"timeout=1000&sayHello.timeout=&methods=sayHello", "sayHello"},
            {"timeout=1000&a.b.timeout=5", "a.b"},
        };
        List<String> rows = new ArrayList<>();
        for (String[] c : cases) rows.add("\"" + provider("10.0.0.1:20880", c[0]).getMethodParameter(c[1], "timeout") + "\"");
        return "[" + String.join(",", rows) + "]";
    }

    static String numbers() {
        double[] doubles = {0.0, -0.0, 1.0, 100.0, 0.001, 0.0001, 1234567.0, 1.0E7, 12345678.9, 1.5E-4, 0.1 + 0.2, 1.0E23, 2.0E-3, -3.25, 5.684341886080802E-14};
        float[] floats = {0.1f, 1.0f, 3.4028235E38f, 1.0E-10f, 16777216f, 0.3f, 1.1f};
        String[] decimals = {"123.4500", "-0.00", "1E+3", "1E-10", "0.000001", "0.0000001", "-12345678901234567890.5", "5E-7"};
        List<String> rows = new ArrayList<>();
        for (double d : doubles) rows.add("[\"double\"," + jsonNumber(d) + ",\"" + Double.toString(d) + "\"]");
        for (float f : floats) rows.add("[\"float\"," + jsonNumber(f) + ",\"" + Float.toString(f) + "\"]");
        for (String s : decimals) rows.add("[\"decimal\",\"" + s + "\",\"" + new BigDecimal(s).toString() + "\"]");
        return "[" + String.join(",", rows) + "]";
    }

    /** The double as JSON reads it back exactly: BigDecimal's exact digits. */
    static String jsonNumber(double d) {
        if (d == 0) return (1 / d < 0) ? "-0.0" : "0";
        return new BigDecimal(d).toString();
    }
}
