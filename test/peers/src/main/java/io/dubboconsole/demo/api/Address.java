package io.dubboconsole.demo.api;

import java.io.Serializable;

public class Address implements Serializable {
    private static final long serialVersionUID = 1L;
    private String city;
    private String street;
    private int zip;

    public String getCity() { return city; }
    public void setCity(String city) { this.city = city; }
    public String getStreet() { return street; }
    public void setStreet(String street) { this.street = street; }
    public int getZip() { return zip; }
    public void setZip(int zip) { this.zip = zip; }
}
