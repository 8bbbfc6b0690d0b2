package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeSecurityConfigurator;
import org.apache.dubbo.remoting.Channel;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.dubbo.DubboCodec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;

/**
 * The hessian oracle's wire on Dubbo 3.3.6: the framework's hessian2 Serialization
 * (Hessian2ObjectOutput/Input over hessian-lite 4) and DubboCodec's own body writers,
 * with serialization security as a provider exporting the APIs sets it up (STRICT, the
 * default allow list plus the classes the APIs reach).
 */
final class DubboWire {
    private DubboWire() {}

    private static final URL URL_ = URL.valueOf("dubbo://127.0.0.1:20880/hessian-oracle?serialization=hessian2");

    /** DubboCodec's body writers are protected. */
    private static final class Codec extends DubboCodec {
        Codec() {
            super(FrameworkModel.defaultModel());
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
        return FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).getExtension("hessian2");
    }

    /** Trusts the classes `apis` reach, as ServiceConfig does for an exported interface. */
    static void trust(Class<?>[] apis) {
        SerializeSecurityConfigurator configurator =
                ApplicationModel.defaultModel().getDefaultModule().getBeanFactory().getOrRegisterBean(SerializeSecurityConfigurator.class);
        for (Class<?> api : apis) {
            configurator.registerInterface(api);
        }
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
