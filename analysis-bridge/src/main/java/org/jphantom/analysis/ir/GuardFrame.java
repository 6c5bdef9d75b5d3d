package org.jphantom.analysis.ir;

import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * A frame of the IR's dataflow pass that gives a guarded local its new definition where the guard's
 * code starts ({@link GuardSites}): the start is entered only from its branch, so its frame is the
 * branch's, and the local's value from there on is the guard's definition. The start's own operands
 * still see the old value (its frame is the one before it runs), which only loses precision.
 */
final class GuardFrame extends Frame<DefValue> {
    private final Map<AbstractInsnNode, List<GuardSites.Site>> starts;
    private final DefInterpreter defs;

    GuardFrame(int locals, int stack, Map<AbstractInsnNode, List<GuardSites.Site>> starts, DefInterpreter defs) {
        super(locals, stack);
        this.starts = starts;
        this.defs = defs;
    }

    @Override
    public void execute(AbstractInsnNode insn, Interpreter<DefValue> interpreter) throws AnalyzerException {
        List<GuardSites.Site> sites = starts.get(insn);
        if (sites != null) {
            for (GuardSites.Site s : sites) {
                if (s.slot() < getLocals() && getLocal(s.slot()).isReference()) {
                    setLocal(s.slot(), defs.def(s.def()));
                }
            }
        }
        super.execute(insn, interpreter);
    }

    /** ASM's analyzer, making {@link GuardFrame}s. */
    static Analyzer<DefValue> analyzer(DefInterpreter defs, Map<AbstractInsnNode, List<GuardSites.Site>> starts) {
        return new Analyzer<>(defs) {
            @Override
            protected Frame<DefValue> newFrame(int numLocals, int numStack) {
                return new GuardFrame(numLocals, numStack, starts, defs);
            }

            @Override
            protected Frame<DefValue> newFrame(Frame<? extends DefValue> frame) {
                GuardFrame f = new GuardFrame(frame.getLocals(), frame.getMaxStackSize(), starts, defs);
                f.init(frame);
                return f;
            }
        };
    }
}
