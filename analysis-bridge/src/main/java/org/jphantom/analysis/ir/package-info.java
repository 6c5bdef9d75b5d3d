/**
 * The intermediate representation: {@link org.jphantom.analysis.ir.IRBuilder} turns one method's
 * bytecode into a {@link org.jphantom.analysis.ir.MethodIR} of reference-relevant statements over
 * variables that come from a dataflow pass (definition sites), so a reused local slot is not one
 * variable. {@link org.jphantom.analysis.ir.ProgramIR} builds each method's IR once per program
 * and shares it between analyses; IR objects are immutable once built, and no analysis writes to
 * them. Plugins build synthetic IR with {@link org.jphantom.analysis.ir.MethodIR.Builder}.
 */
package org.jphantom.analysis.ir;
