package io.dubboconsole.demo.api;

public enum Color { RED, GREEN, BLUE }
