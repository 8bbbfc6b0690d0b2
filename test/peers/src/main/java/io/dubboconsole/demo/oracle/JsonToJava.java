package io.dubboconsole.demo.oracle;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The Java value a JSON value stands for under the console's conventions (issue 8 §4),
 * read by the declared Java type: the hessian oracle's own reading, written apart from
 * the console's TypeScript so that the two can be compared. JSON comes from {@link Json}:
 * numbers are Doubles, big longs and decimals strings.
 */
final class JsonToJava {
    private JsonToJava() {}

    static Object convert(Object json, Type type) throws Exception {
        if (type instanceof Class) {
            return convertClass(json, (Class<?>) type, null);
        }
        if (type instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) type;
            return convertClass(json, (Class<?>) p.getRawType(), p.getActualTypeArguments());
        }
        if (type instanceof GenericArrayType) {
            Type component = ((GenericArrayType) type).getGenericComponentType();
            List<?> items = (List<?>) json;
            Class<?> raw = component instanceof ParameterizedType ? (Class<?>) ((ParameterizedType) component).getRawType() : Object.class;
            Object array = Array.newInstance(raw, items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, convert(items.get(i), component));
            }
            return array;
        }
        if (type instanceof WildcardType) {
            return convert(json, ((WildcardType) type).getUpperBounds()[0]);
        }
        if (type instanceof TypeVariable) {
            return convert(json, Object.class);
        }
        throw new IllegalArgumentException("unsupported type " + type);
    }

    private static Object convertClass(Object json, Class<?> c, Type[] args) throws Exception {
        if (json == null) {
            return c.isPrimitive() ? Array.get(Array.newInstance(c, 1), 0) : null;
        }
        Object scalar = scalar(json, c);
        if (scalar != NONE) {
            return scalar;
        }
        if (c.isEnum()) {
            String name = json instanceof Map ? (String) ((Map<?, ?>) json).get("name") : (String) json;
            return enumValue(c, name);
        }
        if (c.isArray()) {
            Class<?> component = c.getComponentType();
            if (component == byte.class) {
                return Base64.getDecoder().decode((String) json);
            }
            if (component == char.class) {
                return ((String) json).toCharArray();
            }
            List<?> items = (List<?>) json;
            Object array = Array.newInstance(component, items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, convert(items.get(i), component));
            }
            return array;
        }
        if (Collection.class.isAssignableFrom(c)) {
            @SuppressWarnings("unchecked")
            Collection<Object> out = (Collection<Object>) newCollection(c);
            Type element = args == null ? Object.class : args[0];
            for (Object item : (List<?>) json) {
                out.add(convert(item, element));
            }
            return out;
        }
        if (Map.class.isAssignableFrom(c)) {
            @SuppressWarnings("unchecked")
            Map<Object, Object> out = (Map<Object, Object>) newMap(c);
            Type key = args == null ? String.class : args[0];
            Type value = args == null ? Object.class : args[1];
            for (Map.Entry<?, ?> e : ((Map<?, ?>) json).entrySet()) {
                out.put(key((String) e.getKey(), key), convert(e.getValue(), value));
            }
            return out;
        }
        if (c == Object.class) {
            return infer(json);
        }
        return pojo((Map<?, ?>) json, c);
    }

    /** Marks "not a scalar type". */
    private static final Object NONE = new Object();

    private static Object scalar(Object json, Class<?> c) {
        if (c == boolean.class || c == Boolean.class) {
            return json;
        }
        if (c == byte.class || c == Byte.class) {
            return (byte) whole(json);
        }
        if (c == short.class || c == Short.class) {
            return (short) whole(json);
        }
        if (c == int.class || c == Integer.class) {
            return (int) whole(json);
        }
        if (c == long.class || c == Long.class) {
            return json instanceof String ? Long.parseLong((String) json) : whole(json);
        }
        if (c == float.class || c == Float.class) {
            return (float) real(json);
        }
        if (c == double.class || c == Double.class) {
            return real(json);
        }
        if (c == char.class || c == Character.class) {
            return ((String) json).charAt(0);
        }
        if (c == String.class) {
            return json;
        }
        if (c == BigDecimal.class) {
            return new BigDecimal((String) json);
        }
        if (c == BigInteger.class) {
            return new BigInteger((String) json);
        }
        if (c == Date.class) {
            return date(json);
        }
        if (c == UUID.class) {
            return UUID.fromString((String) json);
        }
        if (c == java.time.LocalDate.class) {
            return java.time.LocalDate.parse((String) json);
        }
        if (c == java.time.LocalTime.class) {
            return java.time.LocalTime.parse((String) json);
        }
        if (c == java.time.LocalDateTime.class) {
            return java.time.LocalDateTime.parse((String) json);
        }
        if (c == java.time.Instant.class) {
            return OffsetDateTime.parse((String) json).toInstant();
        }
        if (c == java.time.ZonedDateTime.class) {
            return java.time.ZonedDateTime.parse((String) json);
        }
        if (c == OffsetDateTime.class) {
            return OffsetDateTime.parse((String) json);
        }
        if (c == java.time.OffsetTime.class) {
            return java.time.OffsetTime.parse((String) json);
        }
        if (c == java.time.Duration.class) {
            return java.time.Duration.parse((String) json);
        }
        if (c == java.time.Period.class) {
            return java.time.Period.parse((String) json);
        }
        if (c == java.time.ZoneId.class) {
            return java.time.ZoneId.of((String) json);
        }
        if (c == java.util.Calendar.class || c == java.util.GregorianCalendar.class) {
            // As CalendarHandle.readResolve makes one: the JVM's default zone, set to the instant.
            java.util.Calendar calendar = new java.util.GregorianCalendar();
            calendar.setTime(date(json));
            return calendar;
        }
        return NONE;
    }

    private static long whole(Object json) {
        double d = (Double) json;
        if (d != Math.rint(d)) {
            throw new IllegalArgumentException("not a whole number: " + d);
        }
        return (long) d;
    }

    private static double real(Object json) {
        if (json instanceof String) {
            return Double.parseDouble((String) json);
        }
        return (Double) json;
    }

    static Date date(Object json) {
        if (json instanceof Double) {
            return new Date((long) whole(json));
        }
        String s = (String) json;
        if (s.length() <= 10 || (s.length() <= 13 && s.indexOf('T') < 0)) {
            return Date.from(LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant());
        }
        if (s.endsWith("Z")) {
            return Date.from(Instant.parse(s));
        }
        return Date.from(OffsetDateTime.parse(s).toInstant());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> c, String name) {
        return Enum.valueOf((Class) c, name);
    }

    private static Object key(String key, Type type) throws Exception {
        Class<?> c = type instanceof Class ? (Class<?>) type : Object.class;
        if (c == String.class || c == Object.class) {
            return key;
        }
        if (c.isEnum()) {
            return enumValue(c, key);
        }
        if (c == Long.class || c == BigDecimal.class || c == BigInteger.class) {
            return scalar(key, c);
        }
        if (c == Boolean.class) {
            return Boolean.valueOf(key);
        }
        if (c == Date.class) {
            return date(key);
        }
        return scalar(Double.valueOf(key), c);
    }

    private static Object newCollection(Class<?> c) throws Exception {
        if (!c.isInterface() && !Modifier.isAbstract(c.getModifiers())) {
            return c.getDeclaredConstructor().newInstance();
        }
        if (SortedSet.class.isAssignableFrom(c)) {
            return new TreeSet<Object>();
        }
        if (Set.class.isAssignableFrom(c)) {
            return new HashSet<Object>();
        }
        if (java.util.Deque.class.isAssignableFrom(c)) {
            return new ArrayDeque<Object>();
        }
        if (Queue.class.isAssignableFrom(c)) {
            return new LinkedList<Object>();
        }
        return new ArrayList<Object>();
    }

    private static Object newMap(Class<?> c) throws Exception {
        if (!c.isInterface() && !Modifier.isAbstract(c.getModifiers())) {
            return c.getDeclaredConstructor().newInstance();
        }
        if (SortedMap.class.isAssignableFrom(c)) {
            return new TreeMap<Object, Object>();
        }
        if (ConcurrentMap.class.isAssignableFrom(c)) {
            return new ConcurrentHashMap<Object, Object>();
        }
        return new HashMap<Object, Object>();
    }

    /** A value with no declared type: numbers as Integer, Long or Double by value. */
    private static Object infer(Object json) throws Exception {
        if (json instanceof Double) {
            double d = (Double) json;
            if (d == Math.rint(d) && !Double.isInfinite(d) && (d != 0 || 1 / d > 0)) {
                if (d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE) {
                    return (int) d;
                }
                if (Math.abs(d) <= 9007199254740991.0) {
                    return (long) d;
                }
            }
            return d;
        }
        if (json instanceof List) {
            List<Object> out = new ArrayList<Object>();
            for (Object item : (List<?>) json) {
                out.add(infer(item));
            }
            return out;
        }
        if (json instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) json;
            Object cls = map.get("class");
            if (cls instanceof String) {
                Class<?> c = Class.forName(((String) cls));
                if (map.size() == 2 && map.containsKey("value")) {
                    Object scalar = scalar(map.get("value"), c);
                    if (scalar != NONE) {
                        return scalar;
                    }
                }
                return convert(map, c);
            }
            Map<String, Object> out = new HashMap<String, Object>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.put((String) e.getKey(), infer(e.getValue()));
            }
            return out;
        }
        return json;
    }

    private static Object pojo(Map<?, ?> json, Class<?> declared) throws Exception {
        Class<?> c = declared;
        Object cls = json.get("class");
        if (cls instanceof String) {
            c = Class.forName((String) cls);
        }
        Constructor<?> constructor = c.getDeclaredConstructor();
        constructor.setAccessible(true);
        Object out = constructor.newInstance();
        for (Map.Entry<?, ?> e : json.entrySet()) {
            String name = (String) e.getKey();
            if ("class".equals(name)) {
                continue;
            }
            Field field = field(c, name);
            field.setAccessible(true);
            field.set(out, convert(e.getValue(), field.getGenericType()));
        }
        return out;
    }

    static Field field(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    return f;
                }
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }
}
