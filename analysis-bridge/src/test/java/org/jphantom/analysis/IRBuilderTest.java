package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.DynamicCall;
import org.jphantom.analysis.ir.HandleConstant;
import org.jphantom.analysis.ir.IRBuilder;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassWorld;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodNode;

/** The IR of methods built in a few lines of ASM, in an empty closed world. */
class IRBuilderTest {
    private final Program program = new Program(new ClassWorld(new HashMap<>(), name -> null, name -> null,
            pkg -> pkg.startsWith("java")), name -> null, Set.of());

    private JMethod method(String desc) {
        int t = program.syntheticType("t/T", List.of());
        return program.syntheticMethod(t, "m", desc);
    }

    private static List<New> news(MethodIR ir) {
        return java.util.Arrays.stream(ir.stmts).filter(s -> s instanceof New).map(s -> (New) s).toList();
    }

    @Test
    void aReusedLocalSlotHoldsTwoVariables() {
        JMethod m = method("()Ljava/lang/Object;");
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC, "m", m.desc(), null, null);
        mn.visitTypeInsn(Opcodes.NEW, "a/A");
        mn.visitVarInsn(Opcodes.ASTORE, 1);
        mn.visitVarInsn(Opcodes.ALOAD, 1);
        mn.visitMethodInsn(Opcodes.INVOKESTATIC, "a/U", "use", "(Ljava/lang/Object;)V", false);
        mn.visitTypeInsn(Opcodes.NEW, "a/B");
        mn.visitVarInsn(Opcodes.ASTORE, 1);
        mn.visitVarInsn(Opcodes.ALOAD, 1);
        mn.visitInsn(Opcodes.ARETURN);
        mn.visitMaxs(2, 2);
        MethodIR ir = new IRBuilder(program, (sm, body) -> { }).build(m, mn);
        List<New> news = news(ir);
        assertEquals(2, news.size());
        assertNotEquals(news.get(0).lhs, news.get(1).lhs);
        Invoke use = (Invoke) java.util.Arrays.stream(ir.stmts).filter(s -> s instanceof Invoke).findFirst().get();
        assertEquals(news.get(0).lhs, use.args[0], "use(x) sees the first object only");
        assertEquals(news.get(1).lhs, ir.retVar, "the single return is the second object's variable");
    }

    @Test
    void aJoinMergesOnlyTheDefinitionsThatReachIt() {
        JMethod m = method("(Z)Ljava/lang/Object;");
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC, "m", m.desc(), null, null);
        Label other = new Label();
        Label join = new Label();
        mn.visitVarInsn(Opcodes.ILOAD, 1);
        mn.visitJumpInsn(Opcodes.IFEQ, other);
        mn.visitTypeInsn(Opcodes.NEW, "a/A");
        mn.visitVarInsn(Opcodes.ASTORE, 2);
        mn.visitJumpInsn(Opcodes.GOTO, join);
        mn.visitLabel(other);
        mn.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
        mn.visitTypeInsn(Opcodes.NEW, "a/B");
        mn.visitVarInsn(Opcodes.ASTORE, 2);
        mn.visitLabel(join);
        mn.visitFrame(Opcodes.F_APPEND, 1, new Object[] {"java/lang/Object"}, 0, null);
        mn.visitVarInsn(Opcodes.ALOAD, 2);
        mn.visitInsn(Opcodes.ARETURN);
        mn.visitMaxs(1, 3);
        MethodIR ir = new IRBuilder(program, (sm, body) -> { }).build(m, mn);
        List<New> news = news(ir);
        List<Copy> merges = java.util.Arrays.stream(ir.stmts)
                .filter(s -> s instanceof Copy c && c.role == Copy.Role.MERGE).map(s -> (Copy) s).toList();
        assertEquals(2, merges.size());
        assertTrue(merges.stream().allMatch(c -> c.lhs == ir.retVar));
        assertEquals(Set.of(news.get(0).lhs, news.get(1).lhs), Set.of(merges.get(0).rhs, merges.get(1).rhs));
    }

    @Test
    void unusedCallResultsGetNoVariableAndThrowsReachTheMethodsExceptionVariable() {
        JMethod m = method("(Ljava/lang/Object;)V");
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC, "m", m.desc(), null, null);
        mn.visitVarInsn(Opcodes.ALOAD, 1);
        mn.visitMethodInsn(Opcodes.INVOKESTATIC, "a/U", "id", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mn.visitInsn(Opcodes.POP);
        mn.visitTypeInsn(Opcodes.NEW, "java/lang/Error");
        mn.visitInsn(Opcodes.ATHROW);
        mn.visitMaxs(1, 2);
        MethodIR ir = new IRBuilder(program, (sm, body) -> { }).build(m, mn);
        Invoke id = (Invoke) java.util.Arrays.stream(ir.stmts).filter(s -> s instanceof Invoke).findFirst().get();
        assertEquals(-1, id.lhs);
        assertEquals(ir.throwVar, id.exception, "an uncovered call's exceptions leave the method");
        Stmt thrown = java.util.Arrays.stream(ir.stmts)
                .filter(s -> s instanceof Copy c && c.role == Copy.Role.THROW).findFirst().get();
        assertEquals(news(ir).get(0).lhs, ((Copy) thrown).rhs);
    }

    @Test
    void ldcOfHandlesAndTypesKeepsTheConstants() {
        JMethod m = method("()V");
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC, "m", m.desc(), null, null);
        mn.visitLdcInsn(new Handle(Opcodes.H_INVOKESTATIC, "a/A", "f", "(I)V", false));
        mn.visitMethodInsn(Opcodes.INVOKESTATIC, "a/U", "use", "(Ljava/lang/Object;)V", false);
        mn.visitLdcInsn(Type.getMethodType("(I)V"));
        mn.visitMethodInsn(Opcodes.INVOKESTATIC, "a/U", "use", "(Ljava/lang/Object;)V", false);
        mn.visitInsn(Opcodes.RETURN);
        mn.visitMaxs(1, 1);
        List<New> news = news(new IRBuilder(program, (sm, body) -> { }).build(m, mn));
        assertEquals(New.Kind.METHOD_HANDLE, news.get(0).what);
        assertEquals(new HandleConstant(Opcodes.H_INVOKESTATIC, "a/A", "f", "(I)V", false), news.get(0).handle);
        assertEquals(New.Kind.METHOD_TYPE, news.get(1).what);
        assertEquals("(I)V", news.get(1).constant);
    }

    @Test
    void anInvokeDynamicSiteIsKeptAndNumberedAfterTheCalls() {
        JMethod m = method("(Ljava/lang/Object;)Ljava/lang/Object;");
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC, "m", m.desc(), null, null);
        mn.visitVarInsn(Opcodes.ALOAD, 1);
        Handle bsm = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                "()V", false);
        mn.visitInvokeDynamicInsn("makeConcatWithConstants", "(Ljava/lang/Object;)Ljava/lang/String;", bsm, "x\u0001");
        mn.visitMethodInsn(Opcodes.INVOKESTATIC, "a/U", "id", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mn.visitInsn(Opcodes.ARETURN);
        mn.visitMaxs(1, 2);
        MethodIR ir = new IRBuilder(program, (sm, body) -> { }).build(m, mn);
        DynamicCall d = (DynamicCall) java.util.Arrays.stream(ir.stmts).filter(s -> s instanceof DynamicCall)
                .findFirst().get();
        Invoke id = (Invoke) java.util.Arrays.stream(ir.stmts).filter(s -> s instanceof Invoke).findFirst().get();
        assertEquals(0, id.ordinal, "the call keeps its number");
        assertEquals(1, d.ordinal);
        assertEquals("java/lang/invoke/StringConcatFactory", d.bootstrap.owner());
        assertEquals(List.of("x\u0001"), d.bootstrapArgs);
        assertEquals(ir.paramVars[0], d.args[0]);
        New result = news(ir).get(0);
        assertEquals(New.Kind.ABSTRACT, result.what, "the result is still an abstract object");
        assertEquals(result.lhs, d.lhs);
        assertEquals(result.lhs, id.args[0]);
    }

    /**
     * A concatenation in the JDK's code makes a new String (the heap's one object for new strings,
     * as javac 8's StringBuilder.toString() would); outside the JDK (above) it keeps its own object.
     */
    @Test
    void aConcatenationInTheJdksCodeIsANewString() {
        org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "java/x/Gen", null, "java/lang/Object", null);
        cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "m", "(Ljava/lang/Object;)Ljava/lang/String;", null, null);
        cw.visitEnd();
        byte[] gen = cw.toByteArray();
        Program jdk = new Program(new ClassWorld(new HashMap<>(), name -> null,
                name -> name.equals("java/x/Gen") ? gen : null, pkg -> pkg.startsWith("java")), name -> null, Set.of());
        JMethod m = jdk.resolveMethod("java/x/Gen", "m", "(Ljava/lang/Object;)Ljava/lang/String;", false);
        assertTrue(jdk.isJdkClass(m.declaringType()));
        MethodNode mn = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "m", m.desc(), null, null);
        mn.visitVarInsn(Opcodes.ALOAD, 0);
        Handle bsm = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                "()V", false);
        mn.visitInvokeDynamicInsn("makeConcatWithConstants", "(Ljava/lang/Object;)Ljava/lang/String;", bsm, "x\u0001");
        mn.visitInsn(Opcodes.ARETURN);
        mn.visitMaxs(1, 1);
        MethodIR ir = new IRBuilder(jdk, (sm, body) -> { }).build(m, mn);
        New result = news(ir).get(0);
        assertEquals(New.Kind.NEW, result.what);
        assertEquals(jdk.type("java/lang/String"), result.type);
    }
}
