package io.dubboconsole.demo.api;

import java.math.BigDecimal;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exported with group "demo" and version "1.0.0". One method per kind of value an
 * operator sends from a test-invoke form, plus void, no-arg and overloaded methods.
 */
public interface TypesService {
    String echoString(String value);
    int echoInt(int value);
    long echoLong(long value);
    double echoDouble(double value);
    boolean echoBoolean(boolean value);
    byte[] echoBytes(byte[] value);
    char echoChar(char value);
    Date echoDate(Date value);
    BigDecimal echoDecimal(BigDecimal value);
    List<String> echoList(List<String> value);
    Set<Integer> echoSet(Set<Integer> value);
    Map<String, Integer> echoMap(Map<String, Integer> value);
    int[] echoIntArray(int[] value);
    String[] echoStringArray(String[] value);
    Color echoEnum(Color value);
    User echoUser(User value);
    /** An array of POJOs: Java names it "io.dubboconsole.demo.api.User[]". */
    User[] echoUserArray(User[] value);
    /** Nested generics in both directions. */
    Map<String, List<Address>> addressesByCity(List<User> users);
    User findUser(long id);

    /** No arguments, no result. */
    void ping();

    /** No arguments. */
    Date now();

    /** A result-less method with an argument. */
    void record(String event);

    /** Overloads: the parameter types decide which one runs. */
    String describe(int value);
    String describe(String value);
    String describe(String value, int times);
}
