package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.api.Address;
import io.dubboconsole.demo.api.Color;
import io.dubboconsole.demo.api.TypesService;
import io.dubboconsole.demo.api.User;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

public class TypesServiceImpl implements TypesService {
    private final AtomicLong pings = new AtomicLong();

    @Override public String echoString(String value) { return value; }
    @Override public int echoInt(int value) { return value; }
    @Override public long echoLong(long value) { return value; }
    @Override public double echoDouble(double value) { return value; }
    @Override public boolean echoBoolean(boolean value) { return value; }
    @Override public byte[] echoBytes(byte[] value) { return value; }
    @Override public char echoChar(char value) { return value; }
    @Override public Date echoDate(Date value) { return value; }
    @Override public BigDecimal echoDecimal(BigDecimal value) { return value; }
    @Override public List<String> echoList(List<String> value) { return value; }
    @Override public Set<Integer> echoSet(Set<Integer> value) { return value; }
    @Override public Map<String, Integer> echoMap(Map<String, Integer> value) { return value; }
    @Override public int[] echoIntArray(int[] value) { return value; }
    @Override public String[] echoStringArray(String[] value) { return value; }
    @Override public Color echoEnum(Color value) { return value; }
    @Override public User echoUser(User value) { return value; }
    @Override public User[] echoUserArray(User[] value) { return value; }

    @Override
    public Map<String, List<Address>> addressesByCity(List<User> users) {
        Map<String, List<Address>> byCity = new TreeMap<String, List<Address>>();
        for (User u : users) {
            Address a = u.getAddress();
            if (a == null) {
                continue;
            }
            List<Address> list = byCity.get(a.getCity());
            if (list == null) {
                list = new ArrayList<Address>();
                byCity.put(a.getCity(), list);
            }
            list.add(a);
        }
        return byCity;
    }

    @Override
    public User findUser(long id) {
        return Fixtures.user(id);
    }

    @Override public void ping() { pings.incrementAndGet(); }
    @Override public Date now() { return new Date(); }
    @Override public void record(String event) { pings.incrementAndGet(); }

    @Override public String describe(int value) { return "int:" + value; }
    @Override public String describe(String value) { return "string:" + value; }

    @Override
    public String describe(String value, int times) {
        StringBuilder sb = new StringBuilder("string*" + times + ":");
        for (int i = 0; i < times; i++) {
            sb.append(value);
        }
        return sb.toString();
    }

    /** Deterministic sample data shared by the demo services. */
    static final class Fixtures {
        private Fixtures() {}

        static User user(long id) {
            User u = new User();
            u.setId(id);
            u.setName("user-" + id);
            u.setFavouriteColor(Color.values()[(int) (Math.abs(id) % Color.values().length)]);
            u.setAddress(address("Hangzhou", "West Lake Road " + id, 310000));
            u.getPreviousAddresses().add(address("Beijing", "Chang'an Avenue 1", 100000));
            u.getLabels().put("tier", id % 2 == 0 ? "gold" : "silver");
            u.setBalance(new BigDecimal("1234.50").add(BigDecimal.valueOf(id)));
            u.setCreatedAt(new Date(1700000000000L + id * 1000L));
            return u;
        }

        static Address address(String city, String street, int zip) {
            Address a = new Address();
            a.setCity(city);
            a.setStreet(street);
            a.setZip(zip);
            return a;
        }
    }
}
