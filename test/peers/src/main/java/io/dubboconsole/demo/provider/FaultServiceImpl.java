package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.api.BusinessException;
import io.dubboconsole.demo.api.FaultService;
import io.dubboconsole.demo.api.User;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class FaultServiceImpl implements FaultService {
    @Override
    public String checkedFailure(String reason) throws BusinessException {
        throw new BusinessException("E_BUSINESS", "business rule refused: " + reason);
    }

    @Override
    public String runtimeFailure(String reason) {
        throw new IllegalStateException("runtime failure: " + reason);
    }

    @Override
    public String slow(int millis) {
        try {
            Thread.sleep(Math.max(0, millis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "slept " + millis + " ms";
    }

    @Override
    public String largeText(int kilobytes) {
        char[] chars = new char[Math.max(0, kilobytes) * 1024];
        Arrays.fill(chars, 'x');
        return new String(chars);
    }

    @Override
    public List<User> largeList(int count) {
        List<User> users = new ArrayList<User>();
        for (int i = 0; i < count; i++) {
            users.add(TypesServiceImpl.Fixtures.user(i));
        }
        return users;
    }
}
