package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.rpc.protocol.dubbo.DubboCodec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;

/**
 * The hessian oracle's wire on Dubbo 2.7.23: the hessian2 Serialization extension
 * (Hessian2ObjectOutput/Input over the hessian-lite 3.2 shaded into dubbo.jar) and DubboCodec's own body writers,
 * with no serialization allow list (2.7 has none by default).
 */
final class DubboWire {
    private DubboWire() {}

    private static final URL URL_ = URL.valueOf("dubbo://127.0.0.1:20880/hessian-oracle?serialization=hessian2");

    /** DubboCodec's body writers are protected. */
    private static final class Codec extends DubboCodec {
        Codec() {
            super();
        }

        void request(Channel channel, ObjectOutput out, Object data) throws IOException {
            encodeRequestData(channel, out, data, DUBBO_VERSION);
        }

        void response(Channel channel, ObjectOutput out, Object data, String version) throws IOException {
            encodeResponseData(channel, out, data, version);
        }
    }

    private static Codec codec;

    private static Serialization serialization() {
        return ExtensionLoader.getExtensionLoader(Serialization.class).getExtension("hessian2");
    }

    /** 2.7 checks no classes by default: nothing to trust, only the codec to make. */
    static void trust(Class<?>[] apis) {
        codec = new Codec();
    }

    static ObjectInput input(InputStream in) throws IOException {
        return serialization().deserialize(URL_, in);
    }

    private static Channel channel() {
        return (Channel) Proxy.newProxyInstance(DubboWire.class.getClassLoader(), new Class<?>[] {Channel.class}, (proxy, method, args) -> {
            if ("getUrl".equals(method.getName())) {
                return URL_;
            }
            Class<?> r = method.getReturnType();
            return r == boolean.class ? Boolean.FALSE : null;
        });
    }

    static byte[] requestBody(RpcInvocation inv) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = serialization().serialize(URL_, bytes);
        codec.request(channel(), out, inv);
        out.flushBuffer();
        return bytes.toByteArray();
    }

    /** The body of an OK response: `value`, or `thrown` when it is not null. */
    static byte[] responseBody(Object value, Throwable thrown, String version) throws IOException {
        AppResponse result = new AppResponse();
        if (thrown != null) {
            result.setException(thrown);
        } else {
            result.setValue(value);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputStream os = bytes;
        ObjectOutput out = serialization().serialize(URL_, os);
        codec.response(channel(), out, result, version);
        out.flushBuffer();
        return bytes.toByteArray();
    }
}
