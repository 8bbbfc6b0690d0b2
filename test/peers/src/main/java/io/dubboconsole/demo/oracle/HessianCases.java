package io.dubboconsole.demo.oracle;

import io.dubboconsole.demo.api.Address;
import io.dubboconsole.demo.api.Color;

import java.io.Serializable;
import java.math.BigInteger;
import java.util.Date;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Parameter and result types the demo services do not have, for the hessian oracle
 * (HessianOracle): each method's generic parameter type tells the oracle what Java value a
 * JSON argument stands for. Never exported; only its signatures are read.
 */
public interface HessianCases {
    List<Long> longs(List<Long> value);
    Map<Long, String> byLongKey(Map<Long, String> value);
    Map<String, Object> objects(Map<String, Object> value);
    Map<Color, List<Address>> byColor(Map<Color, List<Address>> value);
    long[] longArray(long[] value);
    float aFloat(float value);
    Float boxedFloat(Float value);
    float[] floats(float[] value);
    short aShort(short value);
    byte aByte(byte value);
    Byte[] boxedBytes(Byte[] value);
    char[] chars(char[] value);
    Character boxedChar(Character value);
    BigInteger bigInteger(BigInteger value);
    Set<String> strings(Set<String> value);
    TreeMap<String, Integer> sorted(TreeMap<String, Integer> value);
    LinkedList<String> linked(LinkedList<String> value);
    Object anything(Object value);
    Date[] dates(Date[] value);
    int[][] grid(int[][] value);
    Shape shape(Shape value);
    Outer.Inner inner(Outer.Inner value);
    UUID uuid(UUID value);
    Holder holder(Holder value);
    java.time.LocalDate localDate(java.time.LocalDate value);
    java.time.LocalTime localTime(java.time.LocalTime value);
    java.time.LocalDateTime localDateTime(java.time.LocalDateTime value);
    java.time.Instant instant(java.time.Instant value);
    java.time.ZonedDateTime zonedDateTime(java.time.ZonedDateTime value);
    java.time.OffsetDateTime offsetDateTime(java.time.OffsetDateTime value);
    java.time.OffsetTime offsetTime(java.time.OffsetTime value);
    java.time.Duration duration(java.time.Duration value);
    java.time.Period period(java.time.Period value);
    java.time.ZoneId zoneId(java.time.ZoneId value);
    java.util.Calendar calendar(java.util.Calendar value);

    /** A base class; JSON picks a subtype with "class". */
    class Shape implements Serializable {
        private static final long serialVersionUID = 1L;
        private String label;
    }

    /** A subtype of {@link Shape}. */
    class Circle extends Shape {
        private static final long serialVersionUID = 1L;
        private double radius;
    }

    /** Fields of the kinds hessian-lite writes with its primitive field serializers. */
    class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        private float ratio;
        private Float boxedRatio;
        private char initial;
        private short small;
        private byte tiny;
        private long big;
        private Long boxedBig;
        private boolean flag;
        private Object anything;
        private List<Long> longs;
        private Date when;
    }
}
