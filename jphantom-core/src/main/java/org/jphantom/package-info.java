/**
 * jphantom's library entry point: {@link org.jphantom.Complementer#complement} takes a
 * {@link org.jphantom.Request} and returns a {@link org.jphantom.Result}. The stages live in
 * sub-packages in the order data flows through them: io, world, discover, extract, solve,
 * generate, report; verify proves the output with HotSpot.
 */
package org.jphantom;
