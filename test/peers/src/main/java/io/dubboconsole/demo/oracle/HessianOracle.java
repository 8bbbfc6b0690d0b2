package io.dubboconsole.demo.oracle;

import io.dubboconsole.demo.api.BusinessException;
import io.dubboconsole.demo.api.FaultService;
import io.dubboconsole.demo.api.TypesService;

import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.utils.PojoUtils;
import org.apache.dubbo.common.utils.ReflectUtils;
import org.apache.dubbo.rpc.RpcInvocation;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java side of the hessian oracle (test/support/hessian-oracle.ts): Dubbo's own
 * DubboCodec and hessian-lite, of the line this module is built against (DubboWire),
 * answering for request and response bodies what a Java consumer or provider would write
 * and what it reads from the console's bytes. One JSON case per line on stdin, one answer
 * per line on stdout ({@code {"id":n,...}} or {@code {"id":n,"fault":"..."}}):
 *
 * <ul>
 * <li>{@code request}: {@code interface}, {@code method}, {@code desc}, {@code args} (JSON by
 *   the console's conventions), {@code attachments} (in the order put), {@code body} (the
 *   console's request body, base64). Finds the method by name and descriptor, reads the JSON
 *   as its parameter types (JsonToJava), encodes that invocation with DubboCodec
 *   ({@code javaBody}), and decodes both bodies as a provider does: {@code head} (the five
 *   strings), {@code attachments}, and whether the console's arguments equal Java's own after
 *   the same round trip ({@code sameAsJava}) and the values the JSON stands for
 *   ({@code sameAsJson}), with the first difference.</li>
 * <li>{@code response}: {@code interface}, {@code method}, {@code desc}, {@code value}: the
 *   body a provider writes for that method returning the value ({@code body}).</li>
 * <li>{@code exception}: {@code kind}, {@code message}: the body of a call that threw, and
 *   the exception as Java prints it ({@code class}, {@code message}, {@code stackTrace}).</li>
 * <li>{@code generic}: {@code interface}, {@code method}, {@code types}, {@code args},
 *   {@code body} (the console's {@code $invoke}): decoded as a provider does, realized by
 *   GenericFilter's PojoUtils.realize, and compared with the values the JSON stands for.</li>
 * </ul>
 */
public final class HessianOracle {
    private HessianOracle() {}

    /** The interfaces whose methods cases name; their classes are trusted as a provider exporting them trusts them. */
    static final Class<?>[] APIS = {TypesService.class, FaultService.class, HessianCases.class};

    public static void main(String[] args) throws Exception {
        DubboWire.trust(APIS);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) {
                continue;
            }
            out.write(answer(line));
            out.write('\n');
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
        System.exit(0);
    }

    static String answer(String line) {
        long id = -1;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> c = (Map<String, Object>) Json.parse(line);
            id = ((Double) c.get("id")).longValue();
            StringBuilder out = new StringBuilder("{\"id\":").append(id);
            String op = (String) c.get("op");
            if ("request".equals(op)) {
                request(c, out);
            } else if ("response".equals(op)) {
                response(c, out);
            } else if ("exception".equals(op)) {
                exception(c, out);
            } else if ("generic".equals(op)) {
                generic(c, out);
            } else {
                throw new IllegalArgumentException("unknown op " + op);
            }
            return out.append('}').toString();
        } catch (Throwable t) {
            StringBuilder out = new StringBuilder("{\"id\":").append(id).append(",\"fault\":");
            Json.quote(out, t.toString() + (t.getCause() == null ? "" : " caused by " + t.getCause()));
            return out.append('}').toString();
        }
    }

    private static void quote(StringBuilder out, String s) {
        if (s == null) {
            out.append("null");
        } else {
            Json.quote(out, s);
        }
    }

    private static Method method(Map<String, Object> c) throws Exception {
        Class<?> api = Class.forName((String) c.get("interface"));
        String name = (String) c.get("method");
        String desc = (String) c.get("desc");
        for (Method m : api.getMethods()) {
            if (m.getName().equals(name) && ReflectUtils.getDesc(m.getParameterTypes()).equals(desc)) {
                return m;
            }
        }
        throw new NoSuchMethodException(api.getName() + "." + name + " with descriptor " + desc);
    }

    private static Object[] values(List<?> json, Type[] types) throws Exception {
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            out[i] = JsonToJava.convert(json.get(i), types[i]);
        }
        return out;
    }

    private static void request(Map<String, Object> c, StringBuilder out) throws Exception {
        Method m = method(c);
        // javaArgs: the same values where JSON cannot say them as the console reads them (-0.0).
        Object jsonArgs = c.containsKey("javaArgs") ? c.get("javaArgs") : c.get("args");
        Object[] expected = values((List<?>) jsonArgs, m.getGenericParameterTypes());
        RpcInvocation inv = new RpcInvocation();
        inv.setMethodName(m.getName());
        inv.setParameterTypes(m.getParameterTypes());
        inv.setParameterTypesDesc(ReflectUtils.getDesc(m.getParameterTypes()));
        inv.setArguments(expected);
        @SuppressWarnings("unchecked")
        Map<String, Object> attachments = (Map<String, Object>) c.get("attachments");
        for (Map.Entry<String, Object> e : attachments.entrySet()) {
            inv.setObjectAttachment(e.getKey(), e.getValue());
        }
        byte[] javaBody = DubboWire.requestBody(inv);
        Decoded ours = decode(Base64.getDecoder().decode((String) c.get("body")));
        Decoded java = decode(javaBody);
        out.append(",\"javaBody\":\"").append(Base64.getEncoder().encodeToString(javaBody)).append('"');
        out.append(",\"head\":[");
        for (int i = 0; i < ours.head.length; i++) {
            out.append(i > 0 ? "," : "");
            quote(out, ours.head[i]);
        }
        out.append("],\"attachments\":{");
        int i = 0;
        for (Map.Entry<String, Object> e : ours.attachments.entrySet()) {
            out.append(i++ > 0 ? "," : "");
            Json.quote(out, e.getKey());
            out.append(':');
            Json.quote(out, String.valueOf(e.getValue()));
        }
        out.append('}');
        String asJava = JavaValues.diff(ours.args, java.args, "args");
        String asJson = JavaValues.diff(ours.args, expected, "args");
        out.append(",\"sameAsJava\":").append(asJava == null).append(",\"sameAsJson\":").append(asJson == null);
        out.append(",\"diff\":");
        Json.quote(out, asJava != null ? asJava : asJson != null ? asJson : "");
        out.append(",\"decoded\":");
        Json.quote(out, JavaValues.render(ours.args));
    }

    /** A request body as a provider reads it (DecodeableRpcInvocation.decode). */
    private static final class Decoded {
        final String[] head = new String[5];
        Object[] args;
        Map<String, Object> attachments;
    }

    private static Decoded decode(byte[] body) throws Exception {
        ObjectInput in = DubboWire.input(new ByteArrayInputStream(body));
        Decoded d = new Decoded();
        for (int i = 0; i < 5; i++) {
            d.head[i] = in.readUTF();
        }
        String desc = d.head[4];
        Class<?>[] pts = desc.isEmpty() ? new Class<?>[0] : ReflectUtils.desc2classArray(desc);
        d.args = new Object[pts.length];
        for (int i = 0; i < pts.length; i++) {
            d.args[i] = in.readObject(pts[i]);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> attachments = (Map<String, Object>) in.readObject(Map.class);
        d.attachments = attachments == null ? new LinkedHashMap<String, Object>() : attachments;
        return d;
    }

    private static void response(Map<String, Object> c, StringBuilder out) throws Exception {
        Method m = method(c);
        Object value = m.getReturnType() == void.class ? null : JsonToJava.convert(c.get("value"), m.getGenericReturnType());
        byte[] body = DubboWire.responseBody(value, null, "2.0.2");
        out.append(",\"body\":\"").append(Base64.getEncoder().encodeToString(body)).append('"');
    }

    private static void exception(Map<String, Object> c, StringBuilder out) throws Exception {
        String kind = (String) c.get("kind");
        String message = (String) c.get("message");
        Throwable t;
        Throwable real;
        if ("business".equals(kind)) {
            t = real = new BusinessException("E_BUSINESS", message);
        } else if ("runtime".equals(kind)) {
            t = real = new IllegalStateException(message);
        } else if ("caused".equals(kind)) {
            t = real = new RuntimeException(message, new IllegalArgumentException("the cause"));
        } else if ("filtered".equals(kind)) {
            // ExceptionFilter.onResponse: an unchecked exception from outside the API's jar and java.*.
            real = new OracleFailure(message);
            t = new RuntimeException(org.apache.dubbo.common.utils.StringUtils.toString(real));
        } else if ("generic-alibaba".equals(kind)) {
            // GenericFilter (2.7, and 3.x with dubbo-compatible): the real exception is named, not kept.
            real = new BusinessException("E_BUSINESS", message);
            t = new com.alibaba.dubbo.rpc.service.GenericException(real);
        } else if ("generic-apache".equals(kind)) {
            real = new IllegalStateException(message);
            t = new org.apache.dubbo.rpc.service.GenericException(real);
        } else {
            throw new IllegalArgumentException("unknown exception kind " + kind);
        }
        byte[] body = DubboWire.responseBody(null, t, "2.0.2");
        out.append(",\"body\":\"").append(Base64.getEncoder().encodeToString(body)).append('"');
        out.append(",\"class\":");
        Json.quote(out, real.getClass().getName());
        out.append(",\"message\":");
        quote(out, real.getMessage());
        out.append(",\"stackTrace\":[");
        StackTraceElement[] frames = real.getStackTrace();
        for (int i = 0; i < frames.length; i++) {
            out.append(i > 0 ? "," : "");
            Json.quote(out, frames[i].toString());
        }
        out.append(']');
    }

    private static void generic(Map<String, Object> c, StringBuilder out) throws Exception {
        Decoded d = decode(Base64.getDecoder().decode((String) c.get("body")));
        String method = (String) d.args[0];
        String[] types = (String[]) d.args[1];
        Object[] args = (Object[]) d.args[2];
        Class<?> api = Class.forName((String) c.get("interface"));
        Class<?>[] pts = new Class<?>[types.length];
        for (int i = 0; i < types.length; i++) {
            pts[i] = ReflectUtils.name2class(types[i]);
        }
        Method m = api.getMethod(method, pts);
        Object[] realized = PojoUtils.realize(args, m.getParameterTypes(), m.getGenericParameterTypes());
        Object[] expected = values((List<?>) c.get("args"), m.getGenericParameterTypes());
        String diff = JavaValues.diff(realized, expected, "args");
        out.append(",\"head\":[");
        for (int i = 0; i < d.head.length; i++) {
            out.append(i > 0 ? "," : "");
            quote(out, d.head[i]);
        }
        out.append("],\"method\":");
        Json.quote(out, method);
        out.append(",\"types\":[");
        List<String> names = new ArrayList<String>();
        for (String t : types) {
            names.add(t);
        }
        for (int i = 0; i < names.size(); i++) {
            out.append(i > 0 ? "," : "");
            Json.quote(out, names.get(i));
        }
        out.append("],\"generic\":");
        Json.quote(out, String.valueOf(d.attachments.get("generic")));
        out.append(",\"sameAsJson\":").append(diff == null).append(",\"diff\":");
        Json.quote(out, diff == null ? "" : diff);
        out.append(",\"decoded\":");
        Json.quote(out, JavaValues.render(realized));
    }
}
