package io.dubboconsole.demo.oracle;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Deep comparison and a readable rendering of Java values, for the hessian oracle's answers. */
final class JavaValues {
    private JavaValues() {}

    /** Where {@code a} and {@code b} first differ (class, size, field or value), or null when they are equal. */
    static String diff(Object a, Object b, String path) {
        if (a == b) {
            return null;
        }
        if (a == null || b == null) {
            return path + ": " + render(a) + " vs " + render(b);
        }
        if (a.getClass() != b.getClass()) {
            return path + ": " + a.getClass().getName() + " vs " + b.getClass().getName() + " (" + render(a) + " vs " + render(b) + ")";
        }
        Class<?> c = a.getClass();
        if (c.isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return path + ": length " + n + " vs " + Array.getLength(b);
            }
            for (int i = 0; i < n; i++) {
                String d = diff(Array.get(a, i), Array.get(b, i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof List) {
            return listDiff(new ArrayList<Object>((List<?>) a), new ArrayList<Object>((List<?>) b), path);
        }
        if (a instanceof Set) {
            return setDiff((Set<?>) a, (Set<?>) b, path);
        }
        if (a instanceof Collection) {
            return listDiff(new ArrayList<Object>((Collection<?>) a), new ArrayList<Object>((Collection<?>) b), path);
        }
        if (a instanceof Map) {
            Map<?, ?> ma = (Map<?, ?>) a;
            Map<?, ?> mb = (Map<?, ?>) b;
            if (ma.size() != mb.size()) {
                return path + ": " + ma.size() + " entries vs " + mb.size() + " (" + render(a) + " vs " + render(b) + ")";
            }
            for (Map.Entry<?, ?> e : ma.entrySet()) {
                if (!mb.containsKey(e.getKey())) {
                    return path + ": key " + render(e.getKey()) + " missing from " + render(b);
                }
                String d = diff(e.getValue(), mb.get(e.getKey()), path + "[" + render(e.getKey()) + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof Throwable) {
            Throwable ta = (Throwable) a;
            Throwable tb = (Throwable) b;
            return eq(ta.getMessage(), tb.getMessage()) ? null : path + ": message " + render(ta.getMessage()) + " vs " + render(tb.getMessage());
        }
        if (isValue(c)) {
            return a.equals(b) ? null : path + ": " + render(a) + " vs " + render(b);
        }
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    String d = diff(f.get(a), f.get(b), path + "." + f.getName());
                    if (d != null) {
                        return d;
                    }
                } catch (IllegalAccessException | RuntimeException e) {
                    return path + "." + f.getName() + ": cannot read (" + e + ")";
                }
            }
        }
        return null;
    }

    private static String listDiff(List<Object> a, List<Object> b, String path) {
        if (a.size() != b.size()) {
            return path + ": " + a.size() + " items vs " + b.size() + " (" + render(a) + " vs " + render(b) + ")";
        }
        for (int i = 0; i < a.size(); i++) {
            String d = diff(a.get(i), b.get(i), path + "[" + i + "]");
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String setDiff(Set<?> a, Set<?> b, String path) {
        if (a.size() != b.size()) {
            return path + ": " + a.size() + " items vs " + b.size();
        }
        List<Object> left = new ArrayList<Object>(b);
        outer:
        for (Object x : a) {
            for (Iterator<Object> it = left.iterator(); it.hasNext(); ) {
                if (diff(x, it.next(), path) == null) {
                    it.remove();
                    continue outer;
                }
            }
            return path + ": " + render(x) + " missing from " + render(b);
        }
        return null;
    }

    private static boolean eq(Object a, Object b) {
        return a == null ? b == null : a.equals(b);
    }

    /** Classes compared with equals(): boxed scalars, strings, dates, enums, and the JDK's value classes. */
    private static boolean isValue(Class<?> c) {
        return c.isEnum() || c.isPrimitive() || Number.class.isAssignableFrom(c) || c == String.class || c == Boolean.class
                || c == Character.class || Date.class.isAssignableFrom(c) || c.getName().startsWith("java.");
    }

    /** A short readable form: class names for objects, values for scalars. */
    static String render(Object v) {
        StringBuilder out = new StringBuilder();
        render(v, out, 0, new IdentityHashMap<Object, Boolean>());
        return out.length() > 400 ? out.substring(0, 400) + "…" : out.toString();
    }

    private static void render(Object v, StringBuilder out, int depth, IdentityHashMap<Object, Boolean> open) {
        if (v == null || depth > 6 || out.length() > 400) {
            out.append(v == null ? "null" : "…");
            return;
        }
        Class<?> c = v.getClass();
        if (v instanceof String || v instanceof Character) {
            out.append('"').append(v).append('"');
        } else if (v instanceof Date) {
            out.append("Date(").append(((Date) v).getTime()).append(')');
        } else if (isValue(c) && !(v instanceof Collection) && !(v instanceof Map)) {
            out.append(v).append(v instanceof Number ? ":" + c.getSimpleName() : "");
        } else if (open.containsKey(v)) {
            out.append("(cycle)");
        } else {
            open.put(v, Boolean.TRUE);
            if (c.isArray()) {
                out.append(c.getSimpleName()).append('[');
                for (int i = 0; i < Array.getLength(v); i++) {
                    out.append(i > 0 ? "," : "");
                    render(Array.get(v, i), out, depth + 1, open);
                }
                out.append(']');
            } else if (v instanceof Collection) {
                out.append(c.getSimpleName()).append('[');
                int i = 0;
                for (Object item : (Collection<?>) v) {
                    out.append(i++ > 0 ? "," : "");
                    render(item, out, depth + 1, open);
                }
                out.append(']');
            } else if (v instanceof Map) {
                out.append(c.getSimpleName()).append('{');
                int i = 0;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    out.append(i++ > 0 ? "," : "");
                    render(e.getKey(), out, depth + 1, open);
                    out.append('=');
                    render(e.getValue(), out, depth + 1, open);
                }
                out.append('}');
            } else {
                out.append(c.getSimpleName()).append('{');
                int i = 0;
                for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers())) {
                            continue;
                        }
                        out.append(i++ > 0 ? "," : "").append(f.getName()).append('=');
                        try {
                            f.setAccessible(true);
                            render(f.get(v), out, depth + 1, open);
                        } catch (IllegalAccessException | RuntimeException e) {
                            out.append('?');
                        }
                    }
                }
                out.append('}');
            }
            open.remove(v);
        }
    }
}
