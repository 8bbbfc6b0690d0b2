package io.dubboconsole.demo.oracle;

import io.dubboconsole.demo.api.BusinessException;
import io.dubboconsole.demo.api.FaultService;
import io.dubboconsole.demo.api.GreetingService;
import io.dubboconsole.demo.api.TypesService;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.SerializeSecurityConfigurator;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.model.WrapperUnPack;
import org.apache.dubbo.rpc.protocol.tri.ReflectionPackableMethod;
import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleRequestWrapper;
import org.apache.dubbo.rpc.protocol.tri.TripleCustomerProtocolWrapper.TripleResponseWrapper;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Calendar;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Java side of the Triple wrapper oracle (test/support/triple-wrapper-oracle.ts): Dubbo
 * 3.3.6's own ReflectionPackableMethod (WrapRequestPack / WrapRequestUnpack /
 * WrapResponsePack / WrapResponseUnpack) and TripleCustomerProtocolWrapper, answering for the
 * bodies of a Triple call to a Java-interface method what a 3.3.6 consumer or provider writes,
 * and what it reads from the console's bytes. One JSON question per line on stdin, one answer
 * line per question on stdout, in order. A question may carry a numeric {@code id}; the answer
 * then starts with the same {@code "id"}. A question that cannot be answered (bad JSON, no such
 * method, JSON that is not the parameter's type, bad base64) is answered
 * {@code {"id":n,"error":"..."}} and the oracle reads on.
 *
 * <p>Every question names the method as HessianOracle does: {@code interface} (a class name),
 * {@code method}, {@code desc} (the JVM descriptor of its parameter types, as
 * ReflectUtils.getDesc writes it: {@code "Ljava/lang/String;"}, {@code "I"}, {@code ""} for
 * none). The method's MethodDescriptor comes from the ReflectionServiceDescriptor the default
 * module's service repository registers for the interface (getMethod(name, desc)), and its
 * ReflectionPackableMethod from {@code ReflectionPackableMethod.init(descriptor, URL)} with
 * {@code tri://127.0.0.1:50051/<interface>?serialization=hessian2}: serializeName "hessian2",
 * allSerialize [hessian2]. (A real 3.3.6 provider's URL has no {@code serialization} but
 * {@code prefer.serialization=hessian2,fastjson2}, so it also reads "fastjson2" bodies; it still
 * writes hessian2 first.) A new ReflectionPackableMethod serves each question, so no state
 * carries from one question to the next.
 *
 * <ul>
 * <li>{@code request}: {@code args} (JSON by the console's conventions, read as the parameter
 *   types by JsonToJava; {@code javaArgs}, when present, is used instead for Java's own values,
 *   as in HessianOracle), {@code body} (base64 of the console's TripleRequestWrapper). Answers
 *   {@code javaBody} (requestPack.pack of those values), then as TripleRequestWrapper.parseFrom
 *   reads the console's body: {@code serializeType}, {@code argTypes}, {@code argCount}; then,
 *   read by requestUnpack (as the provider does), {@code sameAsJava} (equal to Java's own
 *   arguments read back from javaBody), {@code sameAsJson} (equal to the values the JSON stands
 *   for), {@code diff} (the first difference, or "") and {@code decoded} (the arguments read, for
 *   messages). When the console's body does not parse, the answer is {@code javaBody} and
 *   {@code readError} ("class: message") only; when it parses but does not unpack,
 *   {@code serializeType}, {@code argTypes}, {@code argCount} and {@code readError}.</li>
 * <li>{@code response}: {@code value} (JSON, read as the return type; null for void). Answers
 *   {@code javaBody} (responsePack.pack of the value) and, as TripleResponseWrapper.parseFrom
 *   reads it back, its {@code serializeType} and {@code type}.</li>
 * <li>{@code exception}: {@code class} ("io.dubboconsole.demo.api.BusinessException", made with
 *   errorCode "E_BUSINESS" or the question's {@code errorCode}, or any Throwable class with a
 *   (String) constructor, such as "java.lang.IllegalStateException"), {@code message}, and
 *   optionally {@code emptyStackTrace} (true: no frames, for bytes that do not depend on this
 *   JVM's stack). Answers {@code javaBody} (responsePack.pack of the exception),
 *   {@code serializeType} and {@code type} as for {@code response}.</li>
 * <li>{@code readResponse}: {@code body} (base64 of a TripleResponseWrapper, as the console
 *   would write it as a provider), optionally {@code exception} (true: read as a consumer reads
 *   an answer that came with the {@code tri-exception-code} header,
 *   WrapResponseUnpack.unpack(body, true), as java.lang.Exception; otherwise unpack(body), as the
 *   method's return class). Answers {@code value} (what responseUnpack returned, as JSON by the
 *   console's conventions, see {@link #json}), {@code valueClass} (its class name, or null),
 *   {@code serializeType} and {@code type} (as parseFrom reads them); or, when Java cannot read
 *   the body, {@code readError}.</li>
 * </ul>
 *
 * <p>What 3.3.6 does here, which the console must match (see the answer of the session that
 * wrote this): WrapResponsePack writes the serializeType of the last request its
 * ReflectionPackableMethod unpacked ("hessian4" after a hessian2 request; before any request,
 * UrlUtils.serializationOrDefault: "hessian2"); the oracle unpacks a Java-packed request first,
 * as in a real exchange. Its {@code type} is always the method's return class name (Class.getName:
 * "java.lang.String", "int", "void"), also for an exception: 3.3.6 does not write
 * java.lang.Exception's name; a consumer tells an exception by the tri-exception-code header, and
 * WrapResponseUnpack never looks at {@code type}.
 */
public final class TripleWrapperOracle {
    private TripleWrapperOracle() {}

    /** The demo interfaces, trusted as a provider exporting them trusts them; others are trusted when a question names them. */
    static final Class<?>[] APIS = {GreetingService.class, TypesService.class, FaultService.class};

    private static final Set<Class<?>> TRUSTED = new HashSet<Class<?>>();

    public static void main(String[] args) throws Exception {
        for (Class<?> api : APIS) {
            trust(api);
        }
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

    /** Trusts the classes `api` reaches for hessian2's serialization check, as ServiceConfig does for an exported interface. */
    private static synchronized void trust(Class<?> api) {
        if (TRUSTED.add(api)) {
            ApplicationModel.defaultModel().getDefaultModule().getBeanFactory()
                    .getOrRegisterBean(SerializeSecurityConfigurator.class).registerInterface(api);
        }
    }

    static String answer(String line) {
        Long id = null;
        try {
            Object parsed = Json.parse(line);
            if (!(parsed instanceof Map)) {
                throw new IllegalArgumentException("a question is a JSON object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> c = (Map<String, Object>) parsed;
            if (c.get("id") instanceof Double) {
                id = ((Double) c.get("id")).longValue();
            }
            StringBuilder out = new StringBuilder("{");
            if (id != null) {
                out.append("\"id\":").append(id).append(',');
            }
            int start = out.length();
            String op = (String) c.get("op");
            if ("request".equals(op)) {
                request(c, out);
            } else if ("response".equals(op)) {
                response(c, out);
            } else if ("exception".equals(op)) {
                exception(c, out);
            } else if ("readResponse".equals(op)) {
                readResponse(c, out);
            } else {
                throw new IllegalArgumentException("unknown op " + op);
            }
            // Each op writes ",field:..." pairs; drop the first comma.
            if (out.length() > start && out.charAt(start) == ',') {
                out.deleteCharAt(start);
            }
            return out.append('}').toString();
        } catch (Throwable t) {
            StringBuilder out = new StringBuilder("{");
            if (id != null) {
                out.append("\"id\":").append(id).append(',');
            }
            out.append("\"error\":");
            Json.quote(out, describe(t));
            return out.append('}').toString();
        }
    }

    /** "class: message", and the cause's. */
    private static String describe(Throwable t) {
        return t.toString() + (t.getCause() == null || t.getCause() == t ? "" : " caused by " + t.getCause());
    }

    /** The method a question names, with its descriptor and a fresh ReflectionPackableMethod. */
    private static final class Target {
        Method method;
        MethodDescriptor descriptor;
        ReflectionPackableMethod packable;
    }

    private static Target target(Map<String, Object> c) throws Exception {
        Class<?> api = Class.forName((String) c.get("interface"));
        trust(api);
        String name = (String) c.get("method");
        String desc = (String) c.get("desc");
        ServiceDescriptor service = ApplicationModel.defaultModel().getDefaultModule().getServiceRepository().registerService(api);
        MethodDescriptor descriptor = service.getMethod(name, desc == null ? "" : desc);
        if (descriptor == null) {
            throw new NoSuchMethodException(api.getName() + "." + name + " with descriptor " + desc);
        }
        URL url = URL.valueOf("tri://127.0.0.1:50051/" + api.getName() + "?serialization=hessian2");
        Target t = new Target();
        t.method = descriptor.getMethod();
        t.descriptor = descriptor;
        t.packable = ReflectionPackableMethod.init(descriptor, url);
        if (!t.packable.needWrapper()) {
            throw new IllegalArgumentException(api.getName() + "." + name + " is a protobuf method: Dubbo does not wrap it");
        }
        return t;
    }

    private static Object[] values(Object json, Type[] types) throws Exception {
        if (!(json instanceof List)) {
            throw new IllegalArgumentException("args must be a JSON array");
        }
        List<?> list = (List<?>) json;
        if (list.size() != types.length) {
            throw new IllegalArgumentException(types.length + " arguments expected, " + list.size() + " given");
        }
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            out[i] = JsonToJava.convert(list.get(i), types[i]);
        }
        return out;
    }

    private static void base64(StringBuilder out, String name, byte[] bytes) {
        out.append(",\"").append(name).append("\":\"").append(Base64.getEncoder().encodeToString(bytes)).append('"');
    }

    private static void string(StringBuilder out, String name, String value) {
        out.append(",\"").append(name).append("\":");
        if (value == null) {
            out.append("null");
        } else {
            Json.quote(out, value);
        }
    }

    private static byte[] body(Map<String, Object> c) {
        Object body = c.get("body");
        if (!(body instanceof String)) {
            throw new IllegalArgumentException("body must be a base64 string");
        }
        return Base64.getDecoder().decode((String) body);
    }

    private static void request(Map<String, Object> c, StringBuilder out) throws Exception {
        Target t = target(c);
        Object jsonArgs = c.containsKey("javaArgs") ? c.get("javaArgs") : c.get("args");
        Object[] expected = values(jsonArgs, t.method.getGenericParameterTypes());
        byte[] console = body(c);
        byte[] javaBody = t.packable.getRequestPack().pack(expected);
        Object[] java = (Object[]) t.packable.getRequestUnpack().unpack(javaBody);
        base64(out, "javaBody", javaBody);
        TripleRequestWrapper wrapper;
        try {
            wrapper = TripleRequestWrapper.parseFrom(console);
        } catch (Throwable e) {
            string(out, "readError", describe(e));
            return;
        }
        string(out, "serializeType", wrapper.getSerializeType());
        out.append(",\"argTypes\":[");
        List<String> types = wrapper.getArgTypes();
        for (int i = 0; i < types.size(); i++) {
            out.append(i > 0 ? "," : "");
            Json.quote(out, types.get(i));
        }
        out.append("],\"argCount\":").append(wrapper.getArgs().size());
        Object[] ours;
        try {
            ours = (Object[]) t.packable.getRequestUnpack().unpack(console);
        } catch (Throwable e) {
            string(out, "readError", describe(e));
            return;
        }
        String asJava = JavaValues.diff(ours, java, "args");
        String asJson = JavaValues.diff(ours, expected, "args");
        out.append(",\"sameAsJava\":").append(asJava == null).append(",\"sameAsJson\":").append(asJson == null);
        string(out, "diff", asJava != null ? asJava : asJson != null ? asJson : "");
        string(out, "decoded", JavaValues.render(ours));
    }

    /**
     * What a provider does before it answers: reads a request (here Java's own, of default
     * arguments). WrapRequestUnpack sets WrapResponsePack's serializeType to the request's
     * ("hessian4"); without it WrapResponsePack would write "hessian2".
     */
    private static void exchange(Target t) throws Exception {
        Class<?>[] types = t.method.getParameterTypes();
        Object[] defaults = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            defaults[i] = types[i].isPrimitive() ? Array.get(Array.newInstance(types[i], 1), 0) : null;
        }
        t.packable.getRequestUnpack().unpack(t.packable.getRequestPack().pack(defaults));
    }

    private static void packed(Target t, Object value, StringBuilder out) throws Exception {
        exchange(t);
        byte[] body = t.packable.getResponsePack().pack(value);
        base64(out, "javaBody", body);
        TripleResponseWrapper wrapper = TripleResponseWrapper.parseFrom(body);
        string(out, "serializeType", wrapper.getSerializeType());
        string(out, "type", wrapper.getType());
    }

    private static void response(Map<String, Object> c, StringBuilder out) throws Exception {
        Target t = target(c);
        Method m = t.method;
        Object value = m.getReturnType() == void.class ? null : JsonToJava.convert(c.get("value"), m.getGenericReturnType());
        packed(t, value, out);
    }

    private static void exception(Map<String, Object> c, StringBuilder out) throws Exception {
        Target t = target(c);
        String name = (String) c.get("class");
        String message = (String) c.get("message");
        Throwable thrown;
        if (BusinessException.class.getName().equals(name)) {
            String code = c.get("errorCode") instanceof String ? (String) c.get("errorCode") : "E_BUSINESS";
            thrown = new BusinessException(code, message);
        } else {
            Class<?> k = Class.forName(name);
            if (!Throwable.class.isAssignableFrom(k)) {
                throw new IllegalArgumentException(name + " is not a Throwable");
            }
            Constructor<?> constructor = k.getConstructor(String.class);
            thrown = (Throwable) constructor.newInstance(message);
        }
        if (Boolean.TRUE.equals(c.get("emptyStackTrace"))) {
            thrown.setStackTrace(new StackTraceElement[0]);
        }
        packed(t, thrown, out);
    }

    private static void readResponse(Map<String, Object> c, StringBuilder out) throws Exception {
        Target t = target(c);
        byte[] body = body(c);
        TripleResponseWrapper wrapper;
        try {
            wrapper = TripleResponseWrapper.parseFrom(body);
        } catch (Throwable e) {
            string(out, "readError", describe(e));
            return;
        }
        Object value;
        try {
            if (Boolean.TRUE.equals(c.get("exception"))) {
                value = ((WrapperUnPack) t.packable.getResponseUnpack()).unpack(body, true);
            } else {
                value = t.packable.getResponseUnpack().unpack(body);
            }
        } catch (Throwable e) {
            string(out, "serializeType", wrapper.getSerializeType());
            string(out, "type", wrapper.getType());
            string(out, "readError", describe(e));
            return;
        }
        out.append(",\"value\":");
        json(value, out, new IdentityHashMap<Object, Boolean>());
        string(out, "valueClass", value == null ? null : value.getClass().getName());
        string(out, "serializeType", wrapper.getSerializeType());
        string(out, "type", wrapper.getType());
    }

    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** The largest long JSON carries as a number (2^53 - 1). */
    private static final long SAFE = 9007199254740991L;

    /**
     * A Java value as JSON by the console's conventions (docs/api.md, POST /api/v1/invoke;
     * server/protocol/hessian/from-java.ts): a long as a number when |v| ≤ 2^53−1, else a
     * decimal string; a float or double as a number (a float by its exact double value, as
     * hessian carries it), -0.0 as 0, NaN and the infinities as "NaN", "Infinity",
     * "-Infinity"; BigDecimal (its toString) and BigInteger as strings; Date and Calendar as
     * ISO-8601 UTC with milliseconds; java.time values, UUID and other java.* value classes by
     * toString; an enum by its name; byte[] as base64; char and char[] as strings; arrays and
     * collections as lists; a map as an object (keys as text); a Throwable as
     * {@code {class, message, stackTrace, cause?, fields?}}; any other object as an object of
     * its non-static, non-transient fields. A value reached again inside itself is
     * {@code "(cycle: <class>)"}.
     */
    static void json(Object v, StringBuilder out, IdentityHashMap<Object, Boolean> open) throws IllegalAccessException {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String) {
            Json.quote(out, (String) v);
        } else if (v instanceof Character) {
            Json.quote(out, String.valueOf(v));
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            out.append(v);
        } else if (v instanceof Long) {
            long l = (Long) v;
            if (l >= -SAFE && l <= SAFE) {
                out.append(l);
            } else {
                Json.quote(out, Long.toString(l));
            }
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d)) {
                Json.quote(out, "NaN");
            } else if (Double.isInfinite(d)) {
                Json.quote(out, d > 0 ? "Infinity" : "-Infinity");
            } else if (d == 0) {
                out.append('0');
            } else if (d == Math.rint(d) && Math.abs(d) <= SAFE) {
                out.append((long) d);
            } else {
                out.append(Double.toString(d));
            }
        } else if (v instanceof BigDecimal || v instanceof BigInteger) {
            Json.quote(out, v.toString());
        } else if (v instanceof Date) {
            Json.quote(out, ISO_MILLIS.format(((Date) v).toInstant()));
        } else if (v instanceof Calendar) {
            Json.quote(out, ISO_MILLIS.format(((Calendar) v).toInstant()));
        } else if (v instanceof Enum) {
            Json.quote(out, ((Enum<?>) v).name());
        } else if (v instanceof byte[]) {
            Json.quote(out, Base64.getEncoder().encodeToString((byte[]) v));
        } else if (v instanceof char[]) {
            Json.quote(out, new String((char[]) v));
        } else if (open.containsKey(v)) {
            Json.quote(out, "(cycle: " + v.getClass().getName() + ")");
        } else if (isTextValued(v.getClass())) {
            Json.quote(out, v.toString());
        } else {
            open.put(v, Boolean.TRUE);
            try {
                compound(v, out, open);
            } finally {
                open.remove(v);
            }
        }
    }

    /** java.* classes whose JSON is their text: java.time's, UUID, Locale, File, and the like. */
    private static boolean isTextValued(Class<?> c) {
        return c.getName().startsWith("java.") && !c.isArray() && !Collection.class.isAssignableFrom(c) && !Map.class.isAssignableFrom(c)
                && !Throwable.class.isAssignableFrom(c) && !Number.class.isAssignableFrom(c);
    }

    private static void compound(Object v, StringBuilder out, IdentityHashMap<Object, Boolean> open) throws IllegalAccessException {
        Class<?> c = v.getClass();
        if (c.isArray()) {
            out.append('[');
            for (int i = 0; i < Array.getLength(v); i++) {
                out.append(i > 0 ? "," : "");
                json(Array.get(v, i), out, open);
            }
            out.append(']');
        } else if (v instanceof Collection) {
            out.append('[');
            int i = 0;
            for (Object item : (Collection<?>) v) {
                out.append(i++ > 0 ? "," : "");
                json(item, out, open);
            }
            out.append(']');
        } else if (v instanceof Map) {
            out.append('{');
            int i = 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.append(i++ > 0 ? "," : "");
                Json.quote(out, key(e.getKey(), open));
                out.append(':');
                json(e.getValue(), out, open);
            }
            out.append('}');
        } else if (v instanceof Throwable) {
            throwable((Throwable) v, out, open);
        } else if (v instanceof Number) {
            // AtomicInteger, LongAdder and the like.
            Json.quote(out, v.toString());
        } else {
            out.append('{');
            int i = 0;
            for (Field f : fields(c, Object.class)) {
                out.append(i++ > 0 ? "," : "");
                Json.quote(out, f.getName());
                out.append(':');
                json(f.get(v), out, open);
            }
            out.append('}');
        }
    }

    /** A map key as text: a string as itself, any other key as its JSON (numbers and enums by value). */
    private static String key(Object k, IdentityHashMap<Object, Boolean> open) throws IllegalAccessException {
        StringBuilder text = new StringBuilder();
        json(k, text, open);
        String s = text.toString();
        return s.startsWith("\"") ? (String) Json.parse(s) : s;
    }

    private static void throwable(Throwable t, StringBuilder out, IdentityHashMap<Object, Boolean> open) throws IllegalAccessException {
        out.append("{\"class\":");
        Json.quote(out, t.getClass().getName());
        out.append(",\"message\":");
        if (t.getMessage() == null) {
            out.append("null");
        } else {
            Json.quote(out, t.getMessage());
        }
        out.append(",\"stackTrace\":[");
        StackTraceElement[] frames = t.getStackTrace();
        for (int i = 0; i < frames.length; i++) {
            out.append(i > 0 ? "," : "");
            Json.quote(out, frames[i].toString());
        }
        out.append(']');
        Throwable cause = t.getCause();
        if (cause != null && cause != t) {
            out.append(",\"cause\":");
            json(cause, out, open);
        }
        List<Field> own = fields(t.getClass(), Throwable.class);
        if (!own.isEmpty()) {
            out.append(",\"fields\":{");
            for (int i = 0; i < own.size(); i++) {
                out.append(i > 0 ? "," : "");
                Json.quote(out, own.get(i).getName());
                out.append(':');
                json(own.get(i).get(t), out, open);
            }
            out.append('}');
        }
        out.append('}');
    }

    /** The serialized fields of `c` below `stop` (not static, not transient), the superclass's first. */
    private static List<Field> fields(Class<?> c, Class<?> stop) {
        java.util.LinkedList<Field> out = new java.util.LinkedList<Field>();
        for (Class<?> k = c; k != null && k != stop && k != Object.class; k = k.getSuperclass()) {
            Field[] declared = k.getDeclaredFields();
            for (int i = declared.length - 1; i >= 0; i--) {
                Field f = declared[i];
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isTransient(mod)) {
                    continue;
                }
                f.setAccessible(true);
                out.addFirst(f);
            }
        }
        return out;
    }
}
