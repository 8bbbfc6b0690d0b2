package io.dubboconsole.demo.api;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A nested POJO: scalars, an enum, a child object, a list of children and a map. */
public class User implements Serializable {
    private static final long serialVersionUID = 1L;
    private long id;
    private String name;
    private Color favouriteColor;
    private Address address;
    private List<Address> previousAddresses = new ArrayList<Address>();
    private Map<String, String> labels = new HashMap<String, String>();
    private BigDecimal balance;
    private Date createdAt;

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Color getFavouriteColor() { return favouriteColor; }
    public void setFavouriteColor(Color favouriteColor) { this.favouriteColor = favouriteColor; }
    public Address getAddress() { return address; }
    public void setAddress(Address address) { this.address = address; }
    public List<Address> getPreviousAddresses() { return previousAddresses; }
    public void setPreviousAddresses(List<Address> previousAddresses) { this.previousAddresses = previousAddresses; }
    public Map<String, String> getLabels() { return labels; }
    public void setLabels(Map<String, String> labels) { this.labels = labels; }
    public BigDecimal getBalance() { return balance; }
    public void setBalance(BigDecimal balance) { this.balance = balance; }
    public Date getCreatedAt() { return createdAt; }
    public void setCreatedAt(Date createdAt) { this.createdAt = createdAt; }
}
