package library.ui;

public class Panel extends Base {
}
