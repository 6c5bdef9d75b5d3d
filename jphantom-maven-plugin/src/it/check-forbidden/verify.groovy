def log = new File(basedir, 'build.log').text
assert log.contains('jphantom: check: phantom org.apache.commons.cli.Options is in forbidden package org.apache.commons (first used by it.app.App')
assert log.contains('rule violations')
assert log.contains('BUILD FAILURE')
return true
