/** Reports of a run: the human summary and listing on stderr, and the sorted JSON report. */
package org.jphantom.report;
