-- One database and one owner per service (a database per service); runs once, on an empty volume.
CREATE DATABASE auth;
CREATE DATABASE courses;
CREATE DATABASE files;
CREATE DATABASE audit;
CREATE DATABASE training;
CREATE DATABASE quizzes;
