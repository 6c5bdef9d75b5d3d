/**
 * Generation: joins the solved phantom shapes with the known hierarchy, decides which members each
 * phantom declares (including those a known class inherits from it and the stubs that keep concrete
 * classes free of AbstractMethodError), and writes the class files.
 */
package org.jphantom.generate;
