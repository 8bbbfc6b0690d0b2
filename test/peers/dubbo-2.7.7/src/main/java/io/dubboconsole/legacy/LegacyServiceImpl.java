package io.dubboconsole.legacy;

import org.apache.dubbo.common.Version;

/** Answers in values a test can assert exactly. */
public final class LegacyServiceImpl implements LegacyService {
    @Override
    public String version() {
        return Version.getVersion();
    }

    @Override
    public String repeat(String text, int times) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < times; i++) {
            if (i > 0) out.append('-');
            out.append(text);
        }
        return out.toString();
    }

    @Override
    public String describe(String value) {
        return "text:" + value;
    }

    @Override
    public String describe(int value) {
        return "int:" + value;
    }
}
