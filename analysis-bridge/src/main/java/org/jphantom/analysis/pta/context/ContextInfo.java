package org.jphantom.analysis.pta.context;

/** What a selector may ask the solver about context-sensitive objects and allocation sites. */
public interface ContextInfo {
    /** The heap context of a context-sensitive object. */
    int heapContextOf(int csObject);

    /** The abstract object (allocation site) of a context-sensitive object. */
    int siteOf(int csObject);

    /** The type of an abstract object. */
    int typeOfSite(int site);

    /** The class that declares the method allocating an abstract object, -1 if none. */
    int allocatingClassOf(int site);

    /** The program the objects are of: its types and their hierarchy. */
    org.jphantom.analysis.lang.Program program();
}
