package org.jphantom.analysis.pta.heap;

import java.util.HashSet;
import java.util.Set;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;

/**
 * Which string constants a reflective lookup could use as a name: the binary name of a class the
 * closed world has (JDK included), or the name of a method or field declared by a class of the
 * program or its class path. The member names are collected once, on the first question.
 */
final class NameConstants {
    private final Program program;
    private Set<String> memberNames;

    NameConstants(Program program) {
        this.program = program;
    }

    boolean isName(String s) {
        if (s.isEmpty() || s.length() > 512) {
            return false;
        }
        if (memberNames == null) {
            memberNames = new HashSet<>();
            for (String c : program.closedWorldClasses()) {
                ClassInfo info = program.world().lookup(c);
                if (info == null) {
                    continue;
                }
                for (MemberInfo m : info.methods()) {
                    memberNames.add(m.name());
                }
                for (MemberInfo f : info.fields()) {
                    memberNames.add(f.name());
                }
            }
        }
        if (memberNames.contains(s)) {
            return true;
        }
        return s.indexOf('/') < 0 && s.indexOf('.') > 0 && program.world().lookup(s.replace('.', '/')) != null;
    }
}
