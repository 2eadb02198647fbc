package io.plugstack.runtime.containment;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.osgi.framework.hooks.weaving.WeavingHook;
import org.osgi.framework.hooks.weaving.WovenClass;
import org.osgi.framework.wiring.BundleRevision;

import io.plugstack.runtime.spi.containment.ProcessExits;

/**
 * Rewrites, in the classes of plugin bundles, every call of System.exit, Runtime.exit and
 * Runtime.halt (direct calls and method references) into a call of {@link ProcessExits}, which throws:
 * one bad plugin must not stop the runtime that hosts every plugin of the node. Registered by the
 * launcher before any bundle is installed, so no plugin class is defined unwoven. Reflection and
 * native code are out of its reach (docs/admin-guide.md says so).
 */
public final class ExitCallWeaver implements WeavingHook {

    private static final String TARGET = ProcessExits.class.getName().replace('.', '/');
    private static final String TARGET_PACKAGE = ProcessExits.class.getPackageName();

    /** The calls rewritten: "owner.name descriptor" → the ProcessExits method with the same stack effect. */
    private static final Map<String, Replacement> CALLS = Map.of(
            "java/lang/System.exit(I)V", new Replacement("systemExit", "(I)V"),
            "java/lang/Runtime.exit(I)V", new Replacement("runtimeExit", "(Ljava/lang/Runtime;I)V"),
            "java/lang/Runtime.halt(I)V", new Replacement("runtimeHalt", "(Ljava/lang/Runtime;I)V"));

    private record Replacement(String name, String descriptor) {
    }

    private final Predicate<BundleRevision> isPlugin;
    private final Consumer<String> log;

    /**
     * @param isPlugin which bundles are plugins (the identity rule's answer)
     * @param log      one line per woven class, naming the bundle and the class
     */
    public ExitCallWeaver(Predicate<BundleRevision> isPlugin, Consumer<String> log) {
        this.isPlugin = isPlugin;
        this.log = log;
    }

    @Override
    public void weave(WovenClass wovenClass) {
        byte[] bytes = wovenClass.getBytes();
        if (!mentionsExitOrHalt(bytes) || !isPlugin.test(wovenClass.getBundleWiring().getRevision())) {
            return;
        }
        byte[] woven = rewrite(bytes);
        if (woven != null) {
            wovenClass.setBytes(woven);
            List<String> imports = wovenClass.getDynamicImports();
            imports.add(TARGET_PACKAGE);
            log.accept("plugin " + wovenClass.getBundleWiring().getBundle().getSymbolicName() + ": " + wovenClass.getClassName()
                    + " calls System.exit, Runtime.exit or Runtime.halt: such a call will fail its callback instead");
        }
    }

    /** A cheap filter before parsing: the constant pool holds the method names as UTF-8. */
    static boolean mentionsExitOrHalt(byte[] bytes) {
        String s = new String(bytes, StandardCharsets.ISO_8859_1);
        return s.contains("exit") || s.contains("halt");
    }

    /** The class with every such call replaced, or null when it makes none. */
    static byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        // the replacements keep the operand stack as it was: frames and max stack stay valid
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String mname, String mdesc, boolean itf) {
                        Replacement r = CALLS.get(owner + "." + mname + mdesc);
                        if (r != null && (opcode == Opcodes.INVOKESTATIC || opcode == Opcodes.INVOKEVIRTUAL)) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, TARGET, r.name(), r.descriptor(), false);
                        } else {
                            super.visitMethodInsn(opcode, owner, mname, mdesc, itf);
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String iname, String idesc, Handle bsm, Object... args) {
                        // System::exit, Runtime.getRuntime()::halt: the method handle in the lambda's bootstrap arguments
                        Object[] rewritten = args.clone();
                        for (int i = 0; i < rewritten.length; i++) {
                            if (rewritten[i] instanceof Handle h) {
                                Replacement r = CALLS.get(h.getOwner() + "." + h.getName() + h.getDesc());
                                if (r != null) {
                                    changed[0] = true;
                                    rewritten[i] = new Handle(Opcodes.H_INVOKESTATIC, TARGET, r.name(), r.descriptor(), false);
                                }
                            }
                        }
                        super.visitInvokeDynamicInsn(iname, idesc, bsm, rewritten);
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : null;
    }
}
