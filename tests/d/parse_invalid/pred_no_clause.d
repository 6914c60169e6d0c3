BEGIN /x/ /y/ { }
