/**
 * Generation: joins the solved phantom shapes with the known hierarchy, decides which members each
 * phantom declares (including those a known class inherits from it and the stubs that keep concrete
 * classes free of AbstractMethodError), and writes the class files, with the attributes the
 * program's view gives ({@link org.jphantom.generate.ProgramView}: generic signatures,
 * InnerClasses, annotation meta-annotations, throws clauses), which the verifier ignores.
 */
package org.jphantom.generate;
